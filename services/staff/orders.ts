import { and, asc, eq } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { customers, giftCardLedger, giftCards, orderLines, orderNotes, orders, outbox } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { GENERIC_ERRORS } from '../../domain/errors';
import { STAFF_ERRORS, type StaffPermission } from '../../domain/staff';
import { type OrderEventView, toView } from '../orders/history';
import { type MoveRequest, type MoveResult, moveOrder, type OrderMovesContext } from '../orders/moves/move-order';
import { eventsOf, queueEmail, readOrder, refundedOf } from '../orders/moves/transaction';
import { enqueue, type OrderMail } from '../platform/outbox';
import { ServiceError } from '../platform/service-error';
import { requireStaffPermission, type StaffRequest } from './access';
import { writeAudit } from './audit';

// The console's order page and its actions (CONTRACT.md "Operator console"): every move goes through
// services/orders/moves (the command's rules), with the staff member's permission and site checked first and the
// audit entry written in the move's own transaction.

export const ORDER_PAGE_TEXTS = {
  noConfirmation: (orderNumber: string) =>
    `Order ${orderNumber} has no confirmation email on record to send again (it was placed before emails were kept).`,
  notShipped: (orderNumber: string) => `Order ${orderNumber} has not shipped: there is no shipping email to send.`,
  noEmail: (orderNumber: string) => `Order ${orderNumber} has no email address to send to.`,
} as const;

const MOVE_PERMISSION: Record<MoveRequest['move'], StaffPermission> = {
  ship: 'orders.ship',
  deliver: 'orders.deliver',
  cancel: 'orders.cancel',
  refund: 'orders.refund',
};

/** The order, for the checks before anything is moved (its site) and for its page; 404 when there is none. */
async function orderKeyOf(db: Db, orderNumber: string) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber.trim().toUpperCase())).limit(1);
  if (!row) throw new ServiceError(STAFF_ERRORS.notFound);
  return row;
}

/** The permission on one order, checked (and a refusal audited) with the order's site. */
async function requireOnOrder(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  permission: StaffPermission,
  action: string,
  orderNumber: string,
) {
  const key = await orderKeyOf(db, orderNumber);
  const by = await requireStaffPermission(db, clock, request, permission, {
    action,
    recordType: 'order',
    recordId: key.orderNumber,
    siteId: key.siteId,
  });
  return { key, by };
}

/** What a move changed, for its audit entry. */
function moveAudit(result: MoveResult) {
  const event = result.event;
  const given = event?.amountCents ?? 0;
  return {
    before: { status: event?.fromStatus ?? result.status, refundedCents: result.refundedCents - given },
    after: {
      status: result.status,
      refundedCents: result.refundedCents,
      ...(event?.trackingNumber ? { trackingNumber: event.trackingNumber, carrier: event.carrier } : {}),
      ...(event?.kind === 'refund' ? { amountCents: given, itemCode: event.itemCode, refundTo: event.refundTo } : {}),
    },
  };
}

/** One move of an order by a staff member: the same rules as the command's, audited in the move's transaction. */
export async function staffMoveOrder(
  ctx: OrderMovesContext,
  request: StaffRequest,
  orderNumber: string,
  move: MoveRequest,
): Promise<MoveResult> {
  const action = `orders.${move.move}`;
  const { key, by } = await requireOnOrder(ctx.db, ctx.clock, request, MOVE_PERMISSION[move.move], action, orderNumber);
  return moveOrder(
    {
      ...ctx,
      alongside: (tx, result) =>
        writeAudit(tx, ctx.clock.now(), by, {
          action,
          recordType: 'order',
          recordId: key.orderNumber,
          outcome: 'done',
          ...moveAudit(result),
        }),
    },
    key.orderNumber,
    move,
    { type: 'operator', name: by.actor },
  );
}

export interface OrderNoteView {
  id: number;
  author: string;
  body: string;
  at: string;
}

/** An internal note on an order (never shown to the customer), with its audit entry. */
export async function addOrderNote(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  orderNumber: string,
  body: string,
): Promise<OrderNoteView> {
  const { key, by } = await requireOnOrder(db, clock, request, 'orders.note', 'orders.note', orderNumber);
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId: key.id, staffId: by.staffId, author: by.actor, body, at: now })
      .returning();
    if (!note) throw new Error('the note was not kept');
    await writeAudit(tx, now, by, {
      action: 'orders.note',
      recordType: 'order',
      recordId: key.orderNumber,
      outcome: 'done',
      after: { noteId: note.id, length: body.length },
    });
    return { id: note.id, author: note.author, body: note.body, at: note.at.toISOString() };
  });
}

export type ResendableEmail = 'confirmation' | 'shipping';

/**
 * Sends an order's confirmation (as it was first sent) or its shipping email (written again from the shipment)
 * once more, through the outbox; audited.
 */
export async function resendOrderEmail(
  ctx: OrderMovesContext,
  request: StaffRequest,
  orderNumber: string,
  which: ResendableEmail,
): Promise<{ to: string }> {
  const action = `orders.resend-${which}`;
  const { key, by } = await requireOnOrder(ctx.db, ctx.clock, request, 'orders.resend', action, orderNumber);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    let to: string;
    if (which === 'confirmation') {
      const [first] = await tx
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(and(eq(outbox.orderId, key.id), eq(outbox.kind, 'order-email')))
        .orderBy(asc(outbox.id));
      const mail = first?.payload as OrderMail | undefined;
      if (mail?.topic !== 'confirmation')
        throw new ServiceError(GENERIC_ERRORS.conflict, ORDER_PAGE_TEXTS.noConfirmation(key.orderNumber));
      await enqueue(tx, 'order-email', mail, now, { orderId: key.id });
      to = mail.to;
    } else {
      const row = await readOrder(tx, key.orderNumber);
      const events = await eventsOf(tx, row.id);
      const shipped = events.filter((e) => e.kind === 'move' && e.toStatus === 'SHIPPED').at(-1);
      if (!shipped?.trackingNumber)
        throw new ServiceError(GENERIC_ERRORS.conflict, ORDER_PAGE_TEXTS.notShipped(key.orderNumber));
      const shipment = { trackingNumber: shipped.trackingNumber, carrier: shipped.carrier };
      const sent = await queueEmail(ctx, tx, row, { kind: 'shipped', ...shipment }, now);
      if (!sent) throw new ServiceError(GENERIC_ERRORS.conflict, ORDER_PAGE_TEXTS.noEmail(key.orderNumber));
      to = sent;
    }
    await writeAudit(tx, now, by, { action, recordType: 'order', recordId: key.orderNumber, outcome: 'done' });
    return { to };
  });
}

/** An order as the console's order page shows it. */
export async function staffOrderDetail(db: Db, clock: Clock, request: StaffRequest, orderNumber: string) {
  const { key: row } = await requireOnOrder(db, clock, request, 'orders.read', 'orders.read', orderNumber);
  const [lines, events, notes, paidWith, issued, customer] = await Promise.all([
    db
      .select({
        itemCode: orderLines.itemCode,
        name: orderLines.name,
        quantity: orderLines.quantity,
        bottleCount: orderLines.bottleCount,
        unitPriceCents: orderLines.unitPriceCents,
        lineTotalCents: orderLines.lineTotalCents,
        preSell: orderLines.preSell,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, row.id))
      .orderBy(asc(orderLines.id)),
    eventsOf(db, row.id),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, row.id)).orderBy(asc(orderNotes.id)),
    db
      .select({
        last4: giftCards.last4,
        kind: giftCardLedger.kind,
        amountCents: giftCardLedger.amountCents,
        at: giftCardLedger.at,
      })
      .from(giftCardLedger)
      .innerJoin(giftCards, eq(giftCards.id, giftCardLedger.giftCardId))
      .where(eq(giftCardLedger.orderId, row.id))
      .orderBy(asc(giftCardLedger.id)),
    db
      .select({ last4: giftCards.last4, amountCents: giftCards.amountCents, recipientEmail: giftCards.recipientEmail })
      .from(giftCards)
      .where(eq(giftCards.orderId, row.id))
      .orderBy(asc(giftCards.id)),
    row.customerId === null
      ? Promise.resolve([])
      : db
          .select({
            id: customers.id,
            email: customers.email,
            firstName: customers.firstName,
            lastName: customers.lastName,
          })
          .from(customers)
          .where(eq(customers.id, row.customerId)),
  ]);
  const timeline: OrderEventView[] = events.map(toView);
  return {
    order: row,
    lines,
    /** Gift cards that paid this order (redeem, and refund back to them), not the ones it bought. */
    giftCardParts: paidWith
      .filter((p) => p.kind === 'redeem' || p.kind === 'refund')
      .map((p) => ({ last4: p.last4, kind: p.kind, amountCents: Math.abs(p.amountCents), at: p.at.toISOString() })),
    issuedGiftCards: issued,
    refundedCents: refundedOf(events),
    refunds: timeline.filter((e) => (e.amountCents ?? 0) > 0),
    timeline,
    notes: notes.map((n): OrderNoteView => ({ id: n.id, author: n.author, body: n.body, at: n.at.toISOString() })),
    customer: customer[0] ?? null,
  };
}

export type StaffOrderDetail = Awaited<ReturnType<typeof staffOrderDetail>>;
