import { useLingui } from '@lingui/react';
import type { PublicSite } from '../../lib/site';

/**
 * The sample card (SPEC §5): the amount in the site's currency ('$XX' while the custom amount is not one
 * a card can carry), the recipient and the message, as plain text. A figure with its own name, so a screen
 * reader hears it once as "Sample card" and can read it or skip it.
 */
export function GiftCardPreview({
  site,
  amountText,
  recipientName,
  message,
}: {
  site: Pick<PublicSite, 'brand'>;
  amountText: string;
  recipientName: string;
  message: string;
}) {
  const { i18n } = useLingui();
  return (
    <figure className="gift-card-preview" aria-label={i18n._('Sample card')}>
      <p className="gift-card-preview__line gift-card-preview__brand">
        {i18n._('{brand} eGift card', { brand: site.brand.name })}
      </p>
      <p className="gift-card-preview__line gift-card-preview__amount" data-testid="gift-card-amount">
        {amountText}
      </p>
      <p className="gift-card-preview__line gift-card-preview__to">
        {i18n._('To: {name}', { name: recipientName.trim() || i18n._('Your recipient') })}
      </p>
      <p className="gift-card-preview__line gift-card-preview__message">{message.trim()}</p>
    </figure>
  );
}
