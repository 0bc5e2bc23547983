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
  return (
    <figure className="gift-card-preview" aria-label="Sample card">
      <p className="gift-card-preview__line gift-card-preview__brand">{site.brand.name} eGift card</p>
      <p className="gift-card-preview__line gift-card-preview__amount" data-testid="gift-card-amount">
        {amountText}
      </p>
      <p className="gift-card-preview__line gift-card-preview__to">To: {recipientName.trim() || 'Your recipient'}</p>
      <p className="gift-card-preview__line gift-card-preview__message">{message.trim()}</p>
    </figure>
  );
}
