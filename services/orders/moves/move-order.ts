import type { I18n } from '@lingui/core';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../domain/clock';
import type { CarrierId, OrderActor, OrderStatus } from '../../../domain/orders';
import type { PaymentProvider, PaymentState } from '../../../domain/payment';
import type { Site } from '../../../domain/sites';
import type { RequestContext } from '../../platform/request-context';
import type { OrderEventView } from '../history';
import { cancel } from './cancel';
import { deliver } from './deliver';
import { refund } from './refund';
import { ship } from './ship';

// An order's life after it is placed, in one module: the operators' command, the operator API (and a console later)
// and the customer's own cancel all call `moveOrder` (decision 023). A move reads the order under its row lock,
// asks ORDER_STATUS whether it may move, records an order event, queues the customer's email and the payment's
// release or refund in the outbox, all in one transaction; the payment provider is called after the commit (the
// outbox retries it), never inside the transaction: on PGlite the one connection is the transaction's.

export interface OrderMovesContext {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  /** The message catalogue of a site: the emails are written in the language of the order's site. */
  messagesFor: (site: Site) => Promise<I18n>;
  /** Written in the transaction of each move made (not of a repeat): the console's audit entry. */
  alongside?: (tx: Db, result: MoveResult) => Promise<void>;
}

/** The moves' context of a request: the order's site, not the request's, picks the emails' language. */
export function orderMovesContextOf(ctx: RequestContext): OrderMovesContext {
  return {
    db: ctx.db,
    clock: ctx.clock,
    payments: ctx.payments,
    messagesFor: (site) => ctx.messagesFor(site.intlLocale),
  };
}

export interface Actor {
  type: OrderActor;
  /** Who: an operator's name, the customer's email, the job's name. */
  name: string;
}

export type MoveRequest =
  | { move: 'ship'; trackingNumber: string; carrier?: CarrierId }
  | { move: 'deliver' }
  | { move: 'cancel' }
  /**
   * A refund of one line (`itemCode`), of an amount, or (neither) of all that is left. `key` makes it one refund
   * however often it is sent; without one, the refund's parameters are its key (the same line or amount twice is
   * one refund; a second refund of the same amount needs a key of its own).
   */
  | { move: 'refund'; itemCode?: string; amountCents?: number; key?: string; giftCardsFirst?: boolean };

export type OrderMove = MoveRequest['move'];

export const ORDER_MOVES: readonly OrderMove[] = ['ship', 'deliver', 'cancel', 'refund'];

export interface MoveResult {
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentState;
  /** False when the move had been made already (the same move again): nothing new was recorded or sent. */
  recorded: boolean;
  currency: string;
  /** What was taken from the card (0 while only authorised). */
  capturedCents: number;
  /** What gift cards paid. */
  giftCardCents: number;
  /** What was given back of it, over every refund so far. */
  refundedCents: number;
  /** Pre-sell lines' amount: reserved, never charged by this shop (decision 023). */
  presellUnchargedCents: number;
  /** The event this move recorded, or the one it repeats. */
  event: OrderEventView | null;
}

/**
 * Makes one move of an order, once: the same move again answers the same result and records nothing (a refund by
 * its key). A move the order's state does not allow, or a refund beyond what was paid, is refused and changes
 * nothing.
 */
export async function moveOrder(
  ctx: OrderMovesContext,
  orderNumber: string,
  request: MoveRequest,
  actor: Actor,
): Promise<MoveResult> {
  switch (request.move) {
    case 'ship':
      return ship(ctx, orderNumber, request, actor);
    case 'deliver':
      return deliver(ctx, orderNumber, actor);
    case 'cancel':
      return cancel(ctx, orderNumber, actor);
    case 'refund':
      return refund(ctx, orderNumber, request, actor);
  }
}
