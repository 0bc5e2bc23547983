/**
 * What the shop's services tell the operators' metrics (server/metrics.ts) and traces (server/traces.ts), each of
 * which takes what it uses. Only sites, reasons (an error's code) and kinds of job: never a customer, an order or an
 * email, which would make every label value a series of its own and put customers' data in the traces.
 */
export interface ShopObserver {
  orderPlaced?(siteId: string): void;
  /** `reason`: the refusal's error code (domain/errors.ts), `invalid_input`, or `error` for a fault. */
  checkoutFailed?(siteId: string, reason: string): void;
  /** Runs `work` as one named step of a use case (`checkout.price`, `outbox.job`): a span of the traces. */
  step?<T>(name: string, attributes: StepAttributes, work: () => Promise<T>): Promise<T>;
}

/** What a step's span may say of it. */
export interface StepAttributes {
  site?: string;
  /** An outbox job's kind. */
  kind?: string;
}

/** `work`, as a step of whatever observes it (run as it is when nothing does). */
export function observed<T>(
  observer: ShopObserver | undefined,
  name: string,
  attributes: StepAttributes,
  work: () => Promise<T>,
): Promise<T> {
  return observer?.step ? observer.step(name, attributes, work) : work();
}

/** The observers of the metrics and of the traces as one (either may be off). */
export function bothObservers(a: ShopObserver | undefined, b: ShopObserver | undefined): ShopObserver | undefined {
  return a && b ? { ...a, ...b } : (a ?? b);
}
