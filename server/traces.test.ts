import { describe, expect, it } from 'vitest';
import { testConfig } from './config';
import { tracesEndpoint } from './traces';

// The traces' switch (server/traces.ts); what they send is tests/api/traces.test.ts's.
describe('tracesEndpoint', () => {
  it('is off unless an OTLP endpoint is configured, and off when the SDK is disabled', () => {
    expect(tracesEndpoint(testConfig())).toBeUndefined();
    expect(tracesEndpoint(testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }))).toBeUndefined();
    expect(
      tracesEndpoint(testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })),
    ).toBeUndefined();
  });

  it('adds the signal’s path to the general endpoint, and takes the traces’ own as it is', () => {
    expect(tracesEndpoint(testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracesEndpoint(
        testConfig({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:4318/custom',
        }),
      ),
    ).toBe('http://traces:4318/custom');
  });

  it('checks the sampler and its ratio at start-up', () => {
    expect(testConfig().OTEL_TRACES_SAMPLER).toBe('traceidratio');
    expect(testConfig({ OTEL_TRACES_SAMPLER_ARG: '0.1' }).OTEL_TRACES_SAMPLER_ARG).toBe(0.1);
    expect(testConfig({ OTEL_TRACES_SAMPLER_ARG: '' }).OTEL_TRACES_SAMPLER_ARG).toBeUndefined();
    expect(() => testConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => testConfig({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
  });
});
