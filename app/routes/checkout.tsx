import { data, redirect } from 'react-router';
import {
  type AppliedGiftCards,
  type CheckoutActionData,
  checkoutFieldOf,
  checkoutInputFromForm,
  giftCardCodesOf,
} from '../../domain/checkout';
import { GIFT_CARD_ERRORS, last4Of, normaliseGiftCardCode } from '../../domain/gift-cards';
import { isCurrent } from '../../domain/identity-rules';
import { issueText, sentText, type Text } from '../../domain/message';
import { GIFT_CARD_ONLY_TEXTS } from '../../domain/gift-card-texts';
import { getAccountDetails } from '../../services/identity/account';
import { cartContextOf, findVisitorCart, getCart } from '../../services/cart/cart';
import { cartJsonFor } from '../../services/cart/cart-json';
import { checkoutContextOf } from '../../services/checkout/context';
import { submitCheckout } from '../../services/checkout/submit-checkout';
import { placedOrderCookies, secureOrigin } from '../../http/cookies';
import { previewGiftCards } from '../../services/checkout/gift-card-preview';
import type { RequestContext } from '../../services/platform/request-context';
import { GIFT_CARD_FIELD_TEXTS, SERVER_FILLED_TEXTS, SERVER_ONLY_TEXTS } from '../../services/platform/server-texts';
import { ServiceError } from '../../services/platform/service-error';
import { type ErrorStatus, statusOfKind } from '../../http/error-status';
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
  const model = await getCart(cartCtx, cartId, { validate: true });
  const customer =
    isCurrent(ctx.visitor) && ctx.visitor.customerId ? await getAccountDetails(ctx.db, ctx.visitor.customerId) : null;
  return {
    cart: await cartJsonFor(model, ctx.messages),
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
      model.lines.length > 0 && model.lines.every((l) => l.giftVoucher)
        ? await ctx.messages().then((i18n) => ({
            details: i18n._(SERVER_FILLED_TEXTS.detailsStep.id),
            note: i18n._(SERVER_FILLED_TEXTS.nothingDelivered.id),
            payment: i18n._(SERVER_FILLED_TEXTS.paymentStep.id),
            review: i18n._(SERVER_FILLED_TEXTS.reviewStep.id),
          }))
        : null,
    // The gift card field's texts (server-only texts): templates keep their {placeholders} for the page to fill.
    giftCardTexts: await ctx.messages().then((i18n) => {
      const kept = { last4: '{last4}', amount: '{amount}', balance: '{balance}' };
      return {
        code: i18n._(GIFT_CARD_FIELD_TEXTS.code.id),
        applied: i18n._(GIFT_CARD_FIELD_TEXTS.applied.id, kept),
        remove: i18n._(GIFT_CARD_FIELD_TEXTS.remove.id, kept),
        giftCards: i18n._(GIFT_CARD_FIELD_TEXTS.giftCards.id),
        toPay: i18n._(GIFT_CARD_FIELD_TEXTS.toPay.id),
        noCard: i18n._(GIFT_CARD_FIELD_TEXTS.noCard.id),
      };
    }),
    districtTexts:
      ctx.site.country === 'hk'
        ? await ctx.messages().then((i18n) => ({
            label: i18n._(SERVER_FILLED_TEXTS.district.id),
            missing: i18n._(SERVER_FILLED_TEXTS.noDistrict.id),
          }))
        : null,
  };
}

const SERVER_ONLY = new Set([...SERVER_ONLY_TEXTS, ...GIFT_CARD_ONLY_TEXTS]);
/** A text the browser's catalogue leaves out (services/platform/server-texts.ts) goes out in the site's language. */
function serverWritten(i18n: I18n, text: string): string {
  return SERVER_ONLY.has(text) ? i18n._(text) : text;
}

/** What the gift cards named would pay now; null when none is named or they no longer can (the order says why). */
async function appliedGiftCards(ctx: RequestContext, codes: readonly string[]): Promise<AppliedGiftCards | null> {
  if (codes.length === 0) return null;
  const cartId = await findVisitorCart(cartContextOf(ctx), ctx.cookies.cart_id);
  return previewGiftCards(checkoutContextOf(ctx), cartId, codes).catch((error: unknown) => {
    if (error instanceof ServiceError) return null;
    throw error;
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = Object.fromEntries(
    [...(await request.formData())].map(([k, v]) => [k, typeof v === 'string' ? v : '']),
  ) as Record<string, string>;
  // Never echo the card back into the page.
  const { cardNumber: _n, cardCvc: _c, intent = '', ...values } = form;
  if (intent === 'applyGiftCard' || intent.startsWith('removeGiftCard:')) return giftCardStep(ctx, values, intent);
  // A code typed but not applied pays too.
  form.giftCards = [form.giftCards ?? '', form.giftCardCode ?? ''].join('\n');
  const customer = isCurrent(ctx.visitor);
  try {
    const submitted = await submitCheckout(ctx, ctx.cookies.cart_id, checkoutInputFromForm(form, customer));
    if (!submitted.ok) {
      const i18n = await ctx.messages();
      const errors = submitted.issues.map((issue) => ({
        field: checkoutFieldOf(issue.path),
        message: serverWritten(i18n, sentText(i18n, issueText(issue))),
      }));
      const giftCards = await appliedGiftCards(ctx, giftCardCodesOf(values.giftCards));
      return data<CheckoutActionData>({ errors, values, giftCards }, { status: 400 });
    }
    const headers = new Headers();
    for (const cookie of placedOrderCookies(submitted.idempotencyKey, secureOrigin(ctx.origin)))
      headers.append('Set-Cookie', cookie);
    return redirect(`/checkout/confirmation/${submitted.placed.orderNumber}`, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const i18n = await ctx.messages();
    return data<CheckoutActionData>(
      {
        // The field is the declared error's (domain/errors.ts): the same in every language the text is written in.
        errors: [{ field: error.field ?? 'form', message: serverWritten(i18n, sentText(i18n, error.text)) }],
        values,
        giftCards: await appliedGiftCards(ctx, giftCardCodesOf(values.giftCards)),
      },
      { status: statusOfKind(error.kind) },
    );
  }
}

/**
 * The gift card field's Apply and Remove buttons (plain submits, so they work without JavaScript): the cards named
 * are checked and what each would pay is answered with the form's values; no order is placed and nothing is spent.
 */
async function giftCardStep(ctx: RequestContext, values: Record<string, string>, intent: string) {
  const applied = giftCardCodesOf(values.giftCards);
  const typed = (values.giftCardCode ?? '').trim();
  const refuse = async (text: Text, status: ErrorStatus) => {
    const i18n = await ctx.messages();
    return data<CheckoutActionData>(
      {
        errors: [],
        values,
        giftCards: await appliedGiftCards(ctx, applied),
        giftCardError: serverWritten(i18n, sentText(i18n, text)),
      },
      { status },
    );
  };
  let codes: string[];
  if (intent === 'applyGiftCard') {
    const code = normaliseGiftCardCode(typed);
    if (!code) return refuse(GIFT_CARD_ERRORS.code.text, statusOfKind(GIFT_CARD_ERRORS.code.kind));
    codes = applied.some((c) => normaliseGiftCardCode(c) === code) ? applied : [...applied, typed];
  } else {
    const last4 = intent.slice('removeGiftCard:'.length);
    codes = applied.filter((c) => last4Of(c) !== last4);
  }
  try {
    const cartId = await findVisitorCart(cartContextOf(ctx), ctx.cookies.cart_id);
    const giftCards = codes.length > 0 ? await previewGiftCards(checkoutContextOf(ctx), cartId, codes) : null;
    // An applied code leaves the field for the next one.
    const typedNow = intent === 'applyGiftCard' ? '' : typed;
    return data<CheckoutActionData>({
      errors: [],
      values: { ...values, giftCardCode: typedNow, giftCards: codes.join('\n') },
      giftCards,
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return refuse(error.text, statusOfKind(error.kind));
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
