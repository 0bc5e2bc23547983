import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { CUSTOM_GIFT_CARD, PRESET_GIFT_CARDS, presetGiftCardAmount } from '../../domain/gift-vouchers';
import { GIFT_CARD_PAGE_TEXTS } from '../../services/platform/server-texts';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/gift-vouchers';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { GiftVoucherForm } from '../components/gift-vouchers/gift-voucher-form';
import { appContext } from '../context';
import { useRootData } from '../root';

export const handle = { pageType: 'landingpage' };

/** /gift-vouchers (CONTRACT.md): `?itemCode=` preselects a card; an unknown code preselects nothing. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { site } = ctx;
  const itemCode = new URL(request.url).searchParams.get('itemCode')?.trim().toUpperCase() ?? '';
  const known = itemCode === CUSTOM_GIFT_CARD || presetGiftCardAmount(itemCode) !== undefined;
  return {
    cards: PRESET_GIFT_CARDS,
    minAmount: site.minGiftVoucherAmount,
    maxAmount: site.maxGiftVoucherAmount,
    initialChoice: known ? itemCode : '',
    // Written here in the site's language (services/platform/server-texts.ts): no page's catalogue carries it.
    balanceLink: (await ctx.messages())._(GIFT_CARD_PAGE_TEXTS.checkLink.id),
  };
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error
    ? []
    : [
        { title: metaI18n(matches)._('Gift vouchers') },
        { name: 'description', content: metaI18n(matches)._('Send an eGift card by email, with your own message.') },
      ];

export default function GiftVouchers({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { i18n } = useLingui();
  return (
    <section className="gift-voucher-page">
      <h1>{i18n._('Gift vouchers')}</h1>
      <p>{i18n._('Send an eGift card by email: choose an amount, tell us who it is for and add your message.')}</p>
      <GiftVoucherForm
        site={site}
        cards={loaderData.cards}
        minAmount={loaderData.minAmount}
        maxAmount={loaderData.maxAmount}
        initialChoice={loaderData.initialChoice}
      />
      <p>
        <Link to="/gift-vouchers/balance">{loaderData.balanceLink}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
