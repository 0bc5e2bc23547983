/**
 * Counts the requests a handler is still answering, so that a shutdown closes the database only after the last one
 * (a client that went away closes its socket, and the server's own close() stops waiting for it, while its handler
 * may still be placing an order). Every answer is whole when the handler returns (decision 015): nothing is left to
 * stream after it.
 */
export function trackInFlight<A extends unknown[], R>(handler: (...args: A) => R | Promise<R>) {
  let running = 0;
  let waiting: (() => void)[] = [];
  const settle = () => {
    running -= 1;
    if (running > 0) return;
    const done = waiting;
    waiting = [];
    for (const resolve of done) resolve();
  };
  return {
    handler: async (...args: A): Promise<R> => {
      running += 1;
      try {
        return await handler(...args);
      } finally {
        settle();
      }
    },
    /** How many requests are being answered now. */
    get running() {
      return running;
    },
    /** Resolves once no request is being answered. */
    idle(): Promise<void> {
      return running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
}
