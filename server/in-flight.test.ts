import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('trackInFlight', () => {
  it('is idle at once when nothing runs', async () => {
    const tracked = trackInFlight(async () => 'ok');
    await expect(tracked.idle()).resolves.toBeUndefined();
  });

  it('waits for every running request, answered or failed, before it is idle', async () => {
    const first = deferred();
    const second = deferred();
    const gates = [first, second];
    const tracked = trackInFlight(async (i: number) => {
      await gates[i]?.promise;
      return i;
    });
    const answers = [tracked.handler(0), tracked.handler(1).catch(() => 'failed')];
    expect(tracked.running).toBe(2);
    let idle = false;
    const waiting = tracked.idle().then(() => {
      idle = true;
    });
    first.resolve();
    await answers[0];
    await Promise.resolve();
    expect(idle).toBe(false);
    second.reject(new Error('the client went away'));
    await expect(answers[1]).resolves.toBe('failed');
    await waiting;
    expect(idle).toBe(true);
    expect(tracked.running).toBe(0);
  });
});
