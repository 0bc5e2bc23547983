import { message, type Translator, translate } from '../../domain/message';
import { caseBottles } from '../../domain/mixed-cases';
import { formatMoney } from '../../domain/money';
import type { PackOffer } from '../../domain/pack-pricing';
import type { Site } from '../../domain/sites';
import type { CaseContent } from './catalogue';
import { SERVER_FILLED_TEXTS } from '../platform/server-texts';

/** What a mixed case's page shows of its contents, its texts already in the site's language. */
export interface CaseContentsView {
  title: string;
  /** What the case saves against its bottles bought one by one (null: it saves nothing worth showing). */
  saving: string | null;
  wines: { path: string; name: string; quantity: number }[];
}

/**
 * A mixed case's contents for its page (null without contents). The server fills in its texts: the browser's
 * message catalogues leave them out (SERVER_FILLED_TEXTS).
 */
export function caseContentsView(
  i18n: Translator,
  site: Pick<Site, 'intlLocale' | 'currency'>,
  offer: PackOffer | undefined,
  contents: readonly CaseContent[],
): CaseContentsView | null {
  if (contents.length === 0) return null;
  const saving =
    offer?.showSavings === true
      ? translate(
          i18n,
          message(SERVER_FILLED_TEXTS.caseSaving.id, {
            saving: formatMoney(offer.savingsCents, site),
            count: caseBottles(contents),
            alone: formatMoney(offer.salePriceCents + offer.savingsCents, site),
          }),
        )
      : null;
  return {
    title: translate(i18n, SERVER_FILLED_TEXTS.caseContents.id),
    saving,
    wines: contents.map((c) => ({
      path: c.path,
      name: c.vintage ? `${c.name} ${c.vintage}` : c.name,
      quantity: c.quantity,
    })),
  };
}
