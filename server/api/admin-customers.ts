import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { MEMBERSHIP_STATUS } from '../../domain/memberships';
import { CustomerIdSchema, CustomerSearchSchema, EraseCustomerSchema } from '../../domain/staff-customer-schemas';
import { eraseCustomer, exportCustomer, loadCustomerPage, searchCustomers } from '../../services/staff/customers';
import { ok } from '../envelope';
import { staffRequestOf } from './admin';
import { OrderAddressSchema } from './admin-orders';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The console's customers as JSON calls (CONTRACT.md `/admin/customers`): search, a customer's page, the export of
// everything the shop holds on them, and erase. Who may is asked of services/staff/customers.ts.

const IdParamSchema = z.object({ id: CustomerIdSchema });

const CustomerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  orders: z.number().int().describe('Their orders on the sites the staff member sees.'),
  erased: z.boolean(),
});

const ProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  emailOptIn: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  createdAt: z.string(),
  erased: z.boolean(),
});

const MembershipSchema = z.object({
  type: z.enum(['FREESHIP', 'WINEPLAN']).describe('FREESHIP is Unlimited.'),
  name: z.string(),
  status: z.enum(MEMBERSHIP_STATUS.states),
  startedAt: z.string(),
});

const GiftCardSchema = z.object({
  last4: z.string(),
  siteId: z.string(),
  currency: z.string(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  expiresAt: z.string(),
  relation: z.enum(['bought', 'received']),
  recipientName: z.string(),
});

const VoucherUseSchema = z.object({
  code: z.string(),
  usedAt: z.string(),
  orderNumber: z.string().nullable(),
  siteId: z.string().nullable(),
});

const PointsSchema = z.object({
  brand: z.string(),
  basePoints: z.number().int(),
  bonusPoints: z.number().int(),
  totalPoints: z.number().int(),
});

const CustomerPageSchema = z.object({
  customer: ProfileSchema,
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      siteId: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      placedAt: z.string(),
      currency: z.string(),
      totalCents: z.number().int(),
    }),
  ),
  orderCount: z.number().int(),
  memberships: z.array(MembershipSchema),
  giftCards: z.array(GiftCardSchema),
  vouchersUsed: z.array(VoucherUseSchema),
  points: z.array(PointsSchema),
});

const ItemAtSchema = z.object({ itemCode: z.string(), at: z.string() });

const ExportSchema = z.object({
  exportedAt: z.string(),
  customer: ProfileSchema,
  addresses: z.array(
    z.object({
      line1: z.string(),
      locality: z.string(),
      state: z.string(),
      postcode: z.string(),
      country: z.string(),
      isDefaultDelivery: z.boolean(),
    }),
  ),
  paymentMethods: z.array(
    z.object({ brand: z.string(), last4: z.string(), expiry: z.string(), isDefault: z.boolean() }),
  ),
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      siteId: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      placedAt: z.string(),
      email: z.string().nullable(),
      currency: z.string(),
      subtotalCents: z.number().int(),
      shippingCents: z.number().int(),
      discountCents: z.number().int(),
      taxCents: z.number().int(),
      giftCardCents: z.number().int(),
      totalCents: z.number().int(),
      voucherCode: z.string().nullable(),
      payment: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
      deliveryAddress: OrderAddressSchema.nullable(),
      billingAddress: OrderAddressSchema.nullable(),
      lines: z.array(
        z.object({
          itemCode: z.string(),
          skuItemCode: z.string(),
          name: z.string(),
          quantity: z.number().int(),
          bottleCount: z.number().int(),
          unitPriceCents: z.number().int(),
          lineTotalCents: z.number().int().nullable(),
          preSell: z.boolean(),
        }),
      ),
      events: z.array(
        z.object({
          kind: z.string(),
          fromStatus: z.string(),
          toStatus: z.string().nullable(),
          amountCents: z.number().int().nullable(),
          actorType: z.string(),
          actorName: z.string(),
          trackingNumber: z.string().nullable(),
          at: z.string(),
        }),
      ),
    }),
  ),
  memberships: z.array(MembershipSchema),
  giftCards: z.array(GiftCardSchema.extend({ message: z.string() })),
  heldVouchers: z.array(
    z.object({
      code: z.string(),
      kind: z.string(),
      description: z.string(),
      currency: z.string(),
      balanceCents: z.number().int(),
      expiresAt: z.string().nullable(),
    }),
  ),
  vouchersUsed: z.array(VoucherUseSchema),
  referralCodes: z.array(z.object({ code: z.string(), siteId: z.string(), createdAt: z.string() })),
  points: z.array(PointsSchema),
  favourites: z.array(ItemAtSchema),
  notForMe: z.array(ItemAtSchema),
  ratings: z.array(z.object({ itemCode: z.string(), rating: z.number().int(), at: z.string() })),
  recentlyViewed: z.array(ItemAtSchema),
  reviews: z.array(
    z.object({
      itemCode: z.string(),
      author: z.string(),
      location: z.string(),
      rating: z.number().int(),
      title: z.string(),
      body: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  newsletterSignups: z.array(z.object({ siteId: z.string(), email: z.string(), createdAt: z.string() })),
  sessions: z.array(
    z.object({ kind: z.string(), createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string() }),
  ),
});

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

const EraseSummarySchema = z.object({
  customerId: z.number().int(),
  removed: counts([
    'sessions',
    'addresses',
    'paymentMethods',
    'favourites',
    'notForMe',
    'ratings',
    'recentlyViewed',
    'emailTokens',
    'carts',
    'newsletterSignups',
  ] as const),
  anonymised: counts(['orders', 'orderEvents', 'voucherUses', 'giftCards', 'reviews'] as const),
  cancelledMemberships: z.number().int(),
  kept: counts(['orders', 'memberships', 'points', 'heldVouchers'] as const),
});

export const adminCustomersApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'Search customers by email or name (or customer number); newest first, paged',
      description:
        '`q`: an email (exact, any case), a last or first name, or first and last; none lists the newest customers. ' +
        '`after`: the `next` of the previous page. A site-limited account finds only customers with an order on one ' +
        'of its sites. Roles: owner, manager, support.',
      request: { query: CustomerSearchSchema },
      responses: responses(
        z.object({ customers: z.array(CustomerRowSchema), next: z.number().int().nullable() }),
        'One page of customers.',
        [400, 401, 403],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await searchCustomers(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('query')));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      summary: 'A customer’s page: their orders, memberships, gift cards, vouchers used and points',
      description:
        'A site-limited account sees a customer only through an order on one of its sites (else 404, audited), and ' +
        'only those sites’ orders, gift cards and voucher uses. Roles: owner, manager, support.',
      request: { params: IdParamSchema },
      responses: responses(CustomerPageSchema, 'The customer.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await loadCustomerPage(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').id));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/export',
      summary: 'Everything the shop holds on a customer, as JSON (an attachment); audited',
      description:
        'Never a password hash, a login token or a gift card’s code. Every site’s records, so only for accounts that ' +
        'see every site. Roles: owner, manager.',
      request: { params: IdParamSchema },
      responses: responses(ExportSchema, 'The export.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { id } = c.req.valid('param');
      const data = await exportCustomer(ctx.db, ctx.clock, staffRequestOf(c), id);
      c.header('Content-Disposition', `attachment; filename="customer-${id}.json"`);
      return ok(c, data);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/erase',
      summary: 'Erase a customer’s personal data (`{"confirm": "ERASE"}`); audited',
      description:
        'Their logins end and they can no longer sign in; addresses, cards on file, lists, tokens, carts and newsletter ' +
        'signups are removed; their name and contact details are taken out of the account, orders, voucher uses, gift ' +
        'cards sent to them and reviews; memberships are cancelled. Order numbers, lines, totals, payments and events ' +
        'are kept. Only for accounts that see every site. Roles: owner, manager.',
      middleware: [readJsonBody] as const,
      request: { params: IdParamSchema, body: jsonBody(EraseCustomerSchema) },
      responses: responses(
        EraseSummarySchema,
        'Erased: what was removed, anonymised and kept, by count.',
        [400, 401, 403, 404, 409],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await eraseCustomer(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').id));
    },
  );
