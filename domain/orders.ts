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
