/**
 * What the shop's services tell the operators' metrics (server/metrics.ts). Only sites and reasons (an error's
 * code): never a customer, an order or an email, which would make every label value a series of its own.
 */
export interface ShopObserver {
  orderPlaced(siteId: string): void;
  /** `reason`: the refusal's error code (domain/errors.ts), `invalid_input`, or `error` for a fault. */
  checkoutFailed(siteId: string, reason: string): void;
}
