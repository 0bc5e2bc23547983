import { useEffect, useRef } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { translate } from '../../domain/message';
import { giftCardText } from '../../domain/gift-cards';
import { giftCardBalance } from '../../services/gift-cards/gift-cards';
import { GIFT_CARD_PAGE_TEXTS as T } from '../../services/platform/server-texts';
import { ServiceError } from '../../services/platform/service-error';
import { statusOfKind } from '../../http/error-status';
import type { Route } from './+types/gift-card-balance';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { KeptWords, textAround } from '../components/gift-vouchers/kept-words';
import { orderMoney } from '../components/account/orders';
import { formatDate } from '../components/account/sections';
import { appContext } from '../context';

export const handle = { pageType: 'customer_service' };

// The balance of a gift card by its code (the recipient's email links here): a plain form that works without
// JavaScript. Its words are written by the loader and the action in the site's language (services/platform/server-texts.ts
// GIFT_CARD_PAGE_TEXTS), so no page's message catalogue grows for them.

const CODE_FIELD = 'gift-card-code';
const ERROR_ID = 'gift-card-code-error';

export async function loader({ context }: Route.LoaderArgs) {
  const i18n = await context.get(appContext).messages();
  return {
    texts: {
      title: i18n._(T.balanceTitle.id),
      intro: i18n._(T.balanceIntro.id),
      label: i18n._(T.codeLabel.id),
      check: i18n._(T.check.id),
    },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const code = String(form.get('code') ?? '').slice(0, 100);
  const i18n = await ctx.messages();
  try {
    const { db, giftCardKey, clock, clientAddress, budgets } = ctx;
    const card = await giftCardBalance({ db, key: giftCardKey, clock, clientAddress, budgets }, code);
    const money = (cents: number) => orderMoney(cents, card, ctx.site);
    const date = formatDate(card.expiresAt, ctx.site.intlLocale);
    return {
      card: {
        last4: card.last4,
        // The last 4 of the code are not words: the page marks them as not to be translated.
        heading: textAround(i18n, T.cardEnding.id, 'last4'),
        balance: i18n._(T.balanceOf.id, { balance: money(card.balanceCents), amount: money(card.amountCents) }),
        expiry: card.disabled
          ? translate(i18n, giftCardText.disabled(card.last4))
          : card.expired
            ? i18n._(T.expired.id, { date })
            : i18n._(T.spendUntil.id, { date }),
        expired: card.expired || card.disabled,
      },
      error: null,
      code,
    };
  } catch (error) {
    if (!(error instanceof ServiceError) || !['invalid', 'not_found', 'throttled'].includes(error.kind)) throw error;
    // The code typed is kept in the field (it is the visitor's own); nothing of a card is told.
    return data({ card: null, error: translate(i18n, error.text), code }, { status: statusOfKind(error.kind) });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.texts.title ?? '' },
  { name: 'robots', content: 'noindex' },
];

// What a code opens is personal: never stored by the browser or a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function GiftCardBalance({ loaderData, actionData }: Route.ComponentProps) {
  const { texts } = loaderData;
  const navigation = useNavigation();
  const field = useRef<HTMLInputElement>(null);
  const error = actionData?.error ?? null;
  // A refused code: the field gets the focus (with JavaScript; without, the page loads with the alert first).
  useEffect(() => {
    if (actionData?.error) field.current?.focus();
  }, [actionData]);
  return (
    <section className="gift-voucher-page gift-card-balance">
      <h1>{texts.title}</h1>
      <p>{texts.intro}</p>
      <Form method="post" className="gift-form" noValidate>
        {error ? (
          <div id={ERROR_ID} className="alert alert--warning" role="alert">
            <p>{error}</p>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={CODE_FIELD}>{texts.label}</label>
          <input
            ref={field}
            id={CODE_FIELD}
            name="code"
            type="text"
            required
            maxLength={100}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            autoCapitalize="characters"
            inputMode="text"
            translate="no"
            defaultValue={actionData?.code ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
          />
        </div>
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {texts.check}
        </button>
      </Form>
      {actionData?.card ? (
        <section className="gift-card-balance__card" aria-labelledby="gift-card-balance-heading">
          <h2 id="gift-card-balance-heading">
            <KeptWords parts={actionData.card.heading} value={actionData.card.last4} />
          </h2>
          <p className="gift-card-balance__amount" role="status">
            {actionData.card.balance}
          </p>
          <p className={actionData.card.expired ? 'gift-card-balance__expired' : undefined}>{actionData.card.expiry}</p>
        </section>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
