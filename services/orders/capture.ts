import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../domain/payment';
import { capturePayment, type WrittenPayment } from '../payments/capture';
import { giveOrder } from './gifts';

/**
 * Takes an order's authorised amount and, in the transaction that records it, gives what the order bought
 * (services/orders/gifts.ts): checkout's own capture, the outbox's retry and the ship move all capture through here.
 */
export function captureOrder(db: Db, payments: PaymentProvider, orderId: number, written?: WrittenPayment) {
  return capturePayment(db, payments, orderId, { written, afterCapture: giveOrder });
}
