import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, ContactPreferencesSchema } from '../../domain/account-rules';
import { ChangePasswordSchema } from '../../domain/identity-schemas';
import {
  getAccountDetails,
  getOrderDetails,
  listGeneralSubscriptions,
  listPurchases,
  listWinePlanSubscriptions,
  setEmailOptIn,
} from '../../services/identity/account';
import { changePassword } from '../../services/identity/identity';
import { ok } from '../envelope';
import { presentedTokens } from '../session-cookies';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';
import { customerIdOf, requireCurrent } from './user-auth';
import { ACCOUNT_EMAIL_MESSAGES } from '../../domain/identity-rules';
import { resendVerificationEmail } from '../../services/identity/account-emails';
import { MEMBERSHIP_STATUS } from '../../domain/memberships';

// SPEC §7 account calls: details, subscriptions, wine plans, purchases, order history, contact preferences,
// password. Service errors (an order that is not the customer's, a wrong current password) are answered by
// the app's one error handler.
// NOTE: guards go on each route, not use('*'): another router is mounted on /api/user too.

export const AccountDetailsSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  emailOptIn: z.boolean(),
  emailVerified: z.boolean(),
  addresses: z.array(z.looseObject({})),
  trustedDetails: z.object({ shippingAddress: z.array(z.looseObject({})) }),
  defaultDeliveryAddress: z.looseObject({}).nullable(),
});

const SubscriptionSchema = z.object({
  id: z.number().int(),
  type: z.enum(['FREESHIP', 'WINEPLAN']),
  status: z.enum(MEMBERSHIP_STATUS.states),
  name: z.string(),
  startedAt: z.string(),
});

export const OrderSchema = z.looseObject({
  id: z.number().int(),
  orderNumber: z.string(),
  status: z.string(),
  lines: z.array(z.looseObject({ itemCode: z.string(), quantity: z.number().int() })),
});

const OrderParams = z.object({
  // Anything but a plain positive number is simply not one of the customer's orders.
  id: z.string().transform((raw) => (/^\d{1,10}$/.test(raw) ? Number(raw) : -1)),
});

export const userAccountApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/details',
      summary: "The customer's details and addresses",
      middleware: [requireCurrent] as const,
      responses: responses(AccountDetailsSchema, 'The account details.', [401]),
    }),
    async (c) => ok(c, await getAccountDetails(c.var.ctx.db, customerIdOf(c))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/subscriptions/wineplans/list',
      summary: "The customer's wine plans",
      middleware: [requireCurrent] as const,
      responses: responses(
        z.object({ winePlanSubscriptions: z.array(SubscriptionSchema) }),
        'The wine plan subscriptions.',
        [401],
      ),
    }),
    async (c) => ok(c, { winePlanSubscriptions: await listWinePlanSubscriptions(c.var.ctx.db, customerIdOf(c)) }),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/subscriptions/subscription/list',
      summary: "The customer's general subscriptions (FREESHIP is Unlimited)",
      middleware: [requireCurrent] as const,
      responses: responses(
        z.object({ generalSubscriptions: z.array(SubscriptionSchema) }),
        'The general subscriptions.',
        [401],
      ),
    }),
    async (c) => ok(c, { generalSubscriptions: await listGeneralSubscriptions(c.var.ctx.db, customerIdOf(c)) }),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/purchases/list',
      summary: "The customer's orders, newest first",
      middleware: [requireCurrent] as const,
      responses: responses(z.object({ orders: z.array(OrderSchema) }), 'The orders.', [401]),
    }),
    async (c) => ok(c, { orders: await listPurchases(c.var.ctx.db, customerIdOf(c)) }),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/orderhistory',
      summary: "The customer's order history, newest first (the orders checkout placed included)",
      middleware: [requireCurrent] as const,
      responses: responses(z.object({ orders: z.array(OrderSchema) }), 'The orders.', [401]),
    }),
    async (c) => ok(c, { orders: await listPurchases(c.var.ctx.db, customerIdOf(c)) }),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/orderhistory/details/{id}',
      summary: "One of the customer's orders",
      middleware: [requireCurrent] as const,
      request: { params: OrderParams },
      responses: responses(OrderSchema, 'The order.', [401, 404]),
    }),
    async (c) => ok(c, await getOrderDetails(c.var.ctx.db, customerIdOf(c), c.req.valid('param').id)),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/preferences/contact',
      summary: 'Opt in or out of emails',
      middleware: [requireCurrent, readJsonBody] as const,
      request: { body: jsonBody(ContactPreferencesSchema) },
      responses: responses(z.object({ emailOptIn: z.boolean() }), 'The new choice.', [400, 401]),
    }),
    async (c) => ok(c, await setEmailOptIn(c.var.ctx.db, customerIdOf(c), c.req.valid('json').optin.emailFlag)),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/email/verification',
      summary: 'Send the link that confirms the email address again (budgeted per account and address)',
      middleware: [requireCurrent] as const,
      responses: responses(z.object({ message: z.string() }), 'A new link is on its way.', [401, 409, 429]),
    }),
    async (c) => {
      await resendVerificationEmail(c.var.ctx, customerIdOf(c));
      return ok(c, { message: ACCOUNT_EMAIL_MESSAGES.sent });
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/password',
      summary: 'Change the password (other logins end)',
      middleware: [requireCurrent, readJsonBody] as const,
      request: { body: jsonBody(ChangePasswordSchema) },
      responses: responses(z.object({ message: z.string() }), 'The password was changed.', [400, 401]),
    }),
    async (c) => {
      const { db, clock, passwordCost } = c.var.ctx;
      await changePassword(db, clock, customerIdOf(c), c.req.valid('json'), presentedTokens(c), passwordCost);
      return ok(c, { message: ACCOUNT_MESSAGES.passwordChanged });
    },
  );
