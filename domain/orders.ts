// An order's life after it is placed: its states and the moves between them (orders.status).

import { type StateMachine, stateMachine } from './state-machine';

/**
 * Placed orders are PROCESSING; they ship and are delivered. One not shipped yet may be cancelled; one shipped or
 * delivered may be refunded.
 */
export const ORDER_STATUS = stateMachine({
  PROCESSING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED', 'REFUNDED'],
  DELIVERED: ['REFUNDED'],
  CANCELLED: [],
  REFUNDED: [],
});
export type OrderStatus = typeof ORDER_STATUS extends StateMachine<infer S> ? S : never;

/** Who moved an order (order_events.actor_type): an operator's command or console, the customer, or the shop itself. */
export const ORDER_ACTORS = ['operator', 'customer', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** What an order event records: a move between states, or a refund (which may leave the state as it was). */
export const ORDER_EVENT_KINDS = ['move', 'refund'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** How long after it is placed a customer may cancel an order not shipped yet (ORDER_CANCEL_WINDOW_MINUTES). */
export const DEFAULT_CANCEL_WINDOW_MINUTES = 60;

/** Whether the customer may still cancel an order placed at `placedAt`, at `now`. */
export function withinCancelWindow(placedAt: Date, now: Date, windowMinutes: number): boolean {
  return now.getTime() - placedAt.getTime() <= windowMinutes * 60_000;
}

/** A tracking number: letters, digits and dashes, as carriers write them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
export const TRACKING_NUMBER_TEXT = 'A tracking number is 4 to 40 letters, digits or dashes.';

/** The carriers a shipment may travel with, and each one's tracking page for a number. */
export const CARRIERS = {
  auspost: { name: 'Australia Post', track: 'https://auspost.com.au/mypost/track/details/' },
  startrack: { name: 'StarTrack', track: 'https://startrack.com.au/track/details/' },
  nzpost: { name: 'NZ Post', track: 'https://www.nzpost.co.nz/tools/tracking/item/' },
  ups: { name: 'UPS', track: 'https://www.ups.com/track?tracknum=' },
  fedex: { name: 'FedEx', track: 'https://www.fedex.com/fedextrack/?trknbr=' },
  sfexpress: {
    name: 'SF Express',
    track: 'https://htm.sf-express.com/hk/en/dynamic_function/waybill/#search/bill-number/',
  },
} as const;
export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as CarrierId[];
/** A shipment recorded without a carrier went with Australia Post. */
export const DEFAULT_CARRIER: CarrierId = 'auspost';

export function isCarrierId(value: string | null | undefined): value is CarrierId {
  return value != null && Object.hasOwn(CARRIERS, value);
}

/** The carrier's page for a tracking number. */
export function trackingUrl(trackingNumber: string, carrier: string | null = DEFAULT_CARRIER): string {
  const { track } = CARRIERS[isCarrierId(carrier) ? carrier : DEFAULT_CARRIER];
  return `${track}${encodeURIComponent(trackingNumber)}`;
}

export function carrierName(carrier: string | null): string {
  return CARRIERS[isCarrierId(carrier) ? carrier : DEFAULT_CARRIER].name;
}

/** What customers read when a move of theirs is refused (the order page translates them). */
export const ORDER_MOVE_MESSAGES = {
  cancelWindowPassed: /*i18n*/ 'This order can no longer be cancelled online. Please call us and we will help.',
  cannotCancel: /*i18n*/ 'This order has shipped and can no longer be cancelled.',
} as const;

/** An amount an operator types, such as 12.50 or 12, in cents; null when it is not one. */
export function parseAmountCents(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
