import { createRequire, syncBuiltinESMExports } from 'node:module';
import {
  type Attributes,
  type Context as OtelContext,
  context,
  propagation,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  type Span,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { httpInstrumentationMiddleware } from '@hono/otel';
import type { MiddlewareHandler } from 'hono';
import type { ShopObserver } from '../services/platform/observer';
import { ServiceError } from '../services/platform/service-error';
import type { Config } from './config';
import { routeLabel } from './pipeline/request-metrics';
import { isSecretName, scrubText } from './secrets';
import { SERVICE } from './service-identity';
import type { AppEnv } from './types';

// The operators' traces (OpenTelemetry, set up by hand): incoming requests through @hono/otel, the database's
// statements on PostgreSQL (instrumentation-pg), outgoing calls (fetch through undici, node:http clients), and the
// checkout's steps and outbox jobs through the services' observer. Off unless an OTLP endpoint is configured: then
// no provider, context manager or instrumentation is registered and no middleware is mounted. Every span is scrubbed
// of secrets before it is exported (`scrubbedSpans`).

export interface Traces {
  /** The incoming requests' spans, named by method and route (an API pattern, a page's route id, a kind of path). */
  requests: MiddlewareHandler<AppEnv>;
  /** A span for each observed step (services/platform/observer.ts), with its site or job kind and outcome only. */
  observer: ShopObserver;
  /** Sends the spans still waiting and stops: after the pool has closed, so that its last statements are in. */
  shutdown(): Promise<void>;
}

/** The traces' endpoint (OTLP over HTTP), or undefined when traces are off. */
export function tracesEndpoint(config: Config): string | undefined {
  if (config.OTEL_SDK_DISABLED) return undefined;
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`;
  return undefined;
}

/** OTEL_TRACES_SAMPLER and its argument, as the specification reads them. */
function samplerOf(config: Config): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG ?? 1);
  switch (config.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
  }
}

/** Starts the traces when an endpoint is configured; answers undefined (and registers nothing) otherwise. */
export function startTraces(config: Config): Traces | undefined {
  const url = tracesEndpoint(config);
  if (!url) return undefined;
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME ?? SERVICE.name,
        ...(SERVICE.version ? { [ATTR_SERVICE_VERSION]: SERVICE.version } : {}),
        // NOTE: written out: its constant is among semantic-conventions' incubating ones, which may still change.
        'service.instance.id': SERVICE.instance,
      }),
    ),
    sampler: samplerOf(config),
    spanProcessors: [scrubbedSpans(new BatchSpanProcessor(new OTLPTraceExporter({ url })))],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  // Each instrumentation enables itself on the global provider as it is made.
  const instrumentations = [
    // NOTE: statements outside any span (the outbox worker's polling, LISTEN) would be a trace each.
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    // Incoming requests are @hono/otel's (below); node:http's server side would give each a second span.
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    new UndiciInstrumentation(),
  ];
  // NOTE: the instrumentations patch a module when it is `require`d, which an ESM `import` of it (db/client.ts, loaded
  // before this runs) is not; requiring them now patches what every import shares: pg's classes (Client's query and
  // connect, then the pool's connect, which pg requires from its own folder) and node:http's functions, whose ESM
  // named exports are then brought up to date.
  const require = createRequire(import.meta.url);
  require('pg');
  createRequire(require.resolve('pg'))('pg-pool');
  require('node:http');
  require('node:https');
  syncBuiltinESMExports();

  const tracer = trace.getTracer(SERVICE.name, SERVICE.version);
  return {
    requests: httpInstrumentationMiddleware({
      tracerProvider: provider,
      captureActiveRequests: false,
      spanNameFactory: (c) => `${c.req.method} ${routeLabel(c)}`,
    }),
    observer: {
      step: (name, attributes, work) =>
        tracer.startActiveSpan(name, { attributes: stepAttributes(attributes) }, async (span) => {
          try {
            const result = await work();
            span.setAttribute('storefront.outcome', 'ok');
            return result;
          } catch (error) {
            // A refusal (a declined card, an empty cart) is an answer: its code is the outcome. Anything else is a fault.
            if (error instanceof ServiceError) span.setAttribute('storefront.outcome', error.code);
            else {
              span.setAttribute('storefront.outcome', 'error');
              span.recordException(error as Error);
              span.setStatus({ code: SpanStatusCode.ERROR });
            }
            throw error;
          } finally {
            span.end();
          }
        }),
    },
    async shutdown() {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await provider.shutdown();
    },
  };
}

function stepAttributes(attributes: { site?: string; kind?: string }): Attributes {
  return {
    ...(attributes.site ? { 'storefront.site': attributes.site } : {}),
    ...(attributes.kind ? { 'storefront.job_kind': attributes.kind } : {}),
  };
}

/** `attributes` with every secret's value cut and every text scrubbed (server/secrets.ts), in place. */
function scrubAttributes(attributes: Attributes): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (isSecretName(key)) attributes[key] = '[redacted]';
    else if (typeof value === 'string') attributes[key] = scrubText(value);
    else if (Array.isArray(value))
      attributes[key] = value.map((v) => (typeof v === 'string' ? scrubText(v) : v)) as typeof value;
  }
}

/**
 * Hands each ended span to `next` scrubbed: its attributes (a request's url.full with a link's token, a client call's
 * url with an email, a header), its events' (an exception's message) and its status message. NOTE: a span is
 * read-only once ended, but its attribute objects are the span's own, changed here before anything reads them.
 */
function scrubbedSpans(next: SpanProcessor): SpanProcessor {
  return {
    onStart: (span: Span, parent: OtelContext) => next.onStart(span, parent),
    onEnd(span: ReadableSpan) {
      scrubAttributes(span.attributes);
      for (const event of span.events) if (event.attributes) scrubAttributes(event.attributes);
      for (const link of span.links) if (link.attributes) scrubAttributes(link.attributes);
      if (span.status.message) (span.status as { message?: string }).message = scrubText(span.status.message);
      next.onEnd(span);
    },
    forceFlush: () => next.forceFlush(),
    shutdown: () => next.shutdown(),
  };
}
