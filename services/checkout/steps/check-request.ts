import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { customerAddresses, customers, type OrderAddress } from '../../../db/schema';
import { type AddressInput, type CheckoutInput, validEmail, CHECKOUT_ERRORS } from '../../../domain/checkout';
import { lookupPostcode } from '../../cart/postcodes';
import { ServiceError } from '../../platform/service-error';
import { randomToken } from '../../platform/random-token';
import type { CheckoutContext, OrderRequest } from '../context';

function toOrderAddress(a: AddressInput): OrderAddress {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    state: a.state,
    postcode: a.postcode.toUpperCase(),
    ...(a.district ? { district: a.district } : {}),
    phone: a.phone,
  };
}

/** Who is buying: the customer's own email, or the guest's (checked). */
async function buyerEmail(db: Db, customerId: number | null, input: CheckoutInput): Promise<string> {
  if (customerId !== null) {
    const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
    if (row) return row.email;
  }
  const email = (input.email ?? '').trim().toLowerCase();
  if (!validEmail(email)) throw new ServiceError(CHECKOUT_ERRORS.email);
  return email;
}

async function deliveryAddressOf(ctx: CheckoutContext, input: CheckoutInput): Promise<OrderAddress> {
  const customerId = ctx.customerId ?? null;
  if (input.savedAddressId !== undefined) {
    if (customerId === null) throw new ServiceError(CHECKOUT_ERRORS.addressNotFound);
    const [row] = await ctx.db
      .select({ a: customerAddresses, firstName: customers.firstName, lastName: customers.lastName })
      .from(customerAddresses)
      .innerJoin(customers, eq(customers.id, customerAddresses.customerId))
      .where(and(eq(customerAddresses.id, input.savedAddressId), eq(customerAddresses.customerId, customerId)));
    if (!row) throw new ServiceError(CHECKOUT_ERRORS.addressNotFound);
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      line1: row.a.line1,
      line2: '',
      city: row.a.locality,
      state: row.a.state,
      postcode: row.a.postcode,
      phone: '',
    };
  }
  const address = toOrderAddress(input.delivery!);
  // AU and NZ deliveries go to a postcode we know (the same table as /api/address/zipcode/{zip}).
  if (ctx.site.country === 'au' || ctx.site.country === 'nz') {
    const known = await lookupPostcode(ctx.db, ctx.site.country, address.postcode);
    if (known.length === 0) throw new ServiceError(CHECKOUT_ERRORS.unknownPostcode);
  }
  return address;
}

/**
 * Step 1: who buys and where it goes. The input has passed the site's own rules once already (a district in Hong
 * Kong, the country's postcode elsewhere: submit-checkout.ts); here the buyer's email, a saved address's owner and a
 * delivery postcode we know are checked against the database.
 */
export async function checkRequest(
  ctx: CheckoutContext,
  { cartId, customerId, input }: { cartId: string; customerId: number | null; input: CheckoutInput },
): Promise<OrderRequest> {
  const now = ctx.clock.now();
  const email = await buyerEmail(ctx.db, customerId, input);
  const delivery =
    input.savedAddressId !== undefined || input.delivery !== undefined ? await deliveryAddressOf(ctx, input) : null;
  const messages = await ctx.messages();
  const billing = input.billingSameAsDelivery || !input.billing ? delivery : toOrderAddress(input.billing);
  return { cartId, customerId, input, now, email, delivery, billing, messages, attempt: randomToken(12, 'base64url') };
}
