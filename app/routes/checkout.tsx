import { data, redirect } from 'react-router';
import {
  CHECKOUT_MESSAGES,
  type CheckoutActionData,
  checkoutFieldOf,
  checkoutInputSchemaFor,
  checkoutInputFromForm,
} from '../../domain/checkout';
import { isCurrent } from '../../domain/identity-rules';
import { issueText, sentText } from '../../domain/message';
import { VOUCHER_COOKIE } from '../../domain/offer-codes';
import { PAYMENT_MESSAGES } from '../../domain/payment';
import { getAccountDetails } from '../../services/account';
import { cartContextOf, findVisitorCart, getCart } from '../../services/cart';
import { checkoutContextOf, placeOrder } from '../../services/checkout';
import { SERVER_FILLED_TEXTS, SERVER_ONLY_TEXTS } from '../../services/server-texts';
import { GIFT_CARD_SERVER_TEXTS } from '../../domain/gift-cards';
import { ServiceError } from '../../services/service-error';
import type { I18n } from '@lingui/core';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/checkout';
import { CheckoutForm } from '../components/checkout/checkout-form';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';

export const handle = { pageType: 'checkout' };

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const cartCtx = cartContextOf(ctx);
  const cartId = await findVisitorCart(cartCtx, ctx.cookies.cart_id);
  const cart = await getCart(cartCtx, cartId, { validate: true });
  const customer =
    isCurrent(ctx.visitor) && ctx.visitor.customerId ? await getAccountDetails(ctx.db, ctx.visitor.customerId) : null;
  return {
    cart,
    customer: customer
      ? {
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`,
          addresses: customer.addresses.filter((a) => a.country === ctx.site.country),
        }
      : null,
    // A new key for every visit to the page; a resubmitted (reloaded) post carries the same one.
    idempotencyKey: globalThis.crypto.randomUUID(),
    // Hong Kong addresses have a district, not a postcode: the select's texts, written here (server-only texts).
    // An order of e-gift cards alone delivers nothing: no address or delivery step, and the steps' titles say so.
    deliversNothing:
      cart.lineItems.length > 0 && cart.lineItems.every((l) => l.giftVoucherDetails)
        ? await ctx.messages().then((i18n) => ({
            details: i18n._(SERVER_FILLED_TEXTS.detailsStep.id),
            note: i18n._(SERVER_FILLED_TEXTS.nothingDelivered.id),
            payment: i18n._(SERVER_FILLED_TEXTS.paymentStep.id),
            review: i18n._(SERVER_FILLED_TEXTS.reviewStep.id),
          }))
        : null,
    districtTexts:
      ctx.site.country === 'hk'
        ? await ctx.messages().then((i18n) => ({
            label: i18n._(SERVER_FILLED_TEXTS.district.id),
            missing: i18n._(SERVER_FILLED_TEXTS.noDistrict.id),
          }))
        : null,
  };
}

const SERVER_ONLY = new Set([...SERVER_ONLY_TEXTS, ...GIFT_CARD_SERVER_TEXTS]);
/** A text the browser's catalogue leaves out (services/server-texts.ts) goes out in the site's language. */
function serverWritten(i18n: I18n, text: string): string {
  return SERVER_ONLY.has(text) ? i18n._(text) : text;
}

const FIELD_OF_MESSAGE: Record<string, string> = {
  [PAYMENT_MESSAGES.number]: 'cardNumber',
  [PAYMENT_MESSAGES.testOnly]: 'cardNumber',
  [PAYMENT_MESSAGES.declined]: 'cardNumber',
  [PAYMENT_MESSAGES.expiry]: 'cardExpiry',
  [PAYMENT_MESSAGES.expired]: 'cardExpiry',
  [PAYMENT_MESSAGES.cvc]: 'cardCvc',
  [CHECKOUT_MESSAGES.email]: 'email',
  [CHECKOUT_MESSAGES.unknownPostcode]: 'postcode',
  [CHECKOUT_MESSAGES.addressNotFound]: 'address',
  [CHECKOUT_MESSAGES.deliveryRequired]: 'line1',
};

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = Object.fromEntries(
    [...(await request.formData())].map(([k, v]) => [k, typeof v === 'string' ? v : '']),
  ) as Record<string, string>;
  // Never echo the card back into the page.
  const { cardNumber: _n, cardCvc: _c, ...values } = form;
  const customer = isCurrent(ctx.visitor);
  const parsed = checkoutInputSchemaFor(ctx.site.country).safeParse(checkoutInputFromForm(form, customer));
  if (!parsed.success) {
    const i18n = await ctx.messages();
    const errors = parsed.error.issues.map((issue) => ({
      field: checkoutFieldOf(issue.path),
      message: serverWritten(i18n, sentText(i18n, issueText(issue))),
    }));
    return data<CheckoutActionData>({ errors, values }, { status: 400 });
  }
  const cartCtx = cartContextOf(ctx);
  try {
    const placed = await placeOrder(
      checkoutContextOf(ctx),
      await findVisitorCart(cartCtx, ctx.cookies.cart_id),
      parsed.data,
    );
    const secure = ctx.origin.startsWith('https:') ? '; Secure' : '';
    const headers = new Headers();
    headers.append(
      'Set-Cookie',
      `order_access=${parsed.data.idempotencyKey}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
    );
    // SPEC §4: the voucher cookie is cleared at order confirmation.
    headers.append('Set-Cookie', `${VOUCHER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
    return redirect(`/checkout/confirmation/${placed.orderNumber}`, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const status = error.kind === 'conflict' ? 409 : 400;
    return data<CheckoutActionData>(
      {
        errors: [
          {
            field: FIELD_OF_MESSAGE[error.message] ?? 'form',
            message: serverWritten(await ctx.messages(), sentText(await ctx.messages(), error.text)),
          },
        ],
        values,
      },
      { status },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Checkout') },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutForm {...loaderData} result={actionData ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
