import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { applyVoucher, describeVoucher } from '../../services/vouchers/vouchers';
import { spendCodeTry } from '../budget-guards';
import { ok } from '../envelope';
import { CartSchema, cartContext, ensureCartId, sendCart, VoucherCodeParams } from './cart';
import { createApiRouter, responses } from './router';
import { customerIdOf, requireCurrent } from './user-auth';

// SPEC §7 voucher calls of a Hard Logged-In customer: validate (describes the voucher, changes nothing)
// and redeem (applies it to the customer's cart, as PUT /api/cart/voucher/{code} does).
// NOTE: guards go on each route, not use('*'): other routers are mounted on /api/user too.

export const VoucherDescriptionSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['amount', 'percent']),
  amount: z.number(),
  minimumSubtotal: z.number(),
  minimumBottles: z.number().int(),
  currencyCode: z.string(),
  expiresAt: z.string().nullable(),
  oncePerCustomer: z.boolean(),
});

export const userVouchersApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'put',
      path: '/voucher/validate/{code}',
      summary: 'Check a voucher the customer may use, and describe it',
      middleware: [requireCurrent] as const,
      request: { params: VoucherCodeParams },
      responses: responses(VoucherDescriptionSchema, 'The voucher.', [400, 401, 403, 429]),
    }),
    async (c) => {
      await spendCodeTry(c, null);
      return ok(c, await describeVoucher(cartContext(c), customerIdOf(c), c.req.valid('param').code));
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/voucher/redeem/{code}',
      summary: "Apply a voucher to the customer's cart",
      middleware: [requireCurrent] as const,
      request: { params: VoucherCodeParams },
      responses: responses(CartSchema, 'The cart with the voucher.', [400, 401, 403, 409, 429]),
    }),
    async (c) => {
      const cartId = await ensureCartId(c);
      await spendCodeTry(c, cartId);
      return sendCart(c, await applyVoucher(cartContext(c), cartId, c.req.valid('param').code));
    },
  );
