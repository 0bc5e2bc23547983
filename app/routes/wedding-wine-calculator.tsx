import { useLingui } from '@lingui/react';
import {
  DEFAULT_GUESTS,
  defaultGlasses,
  parseCalculatorValue,
  WEDDING_WINES,
  type WeddingWineKey,
} from '../../domain/wedding-calculator';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/wedding-wine-calculator';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { WeddingCalculator } from '../components/marketing/wedding-calculator';

export const handle = { pageType: 'landingpage' };

/** The calculator's own query (`?guests=40&red=3`) starts it, so the no-script form's Calculate answers too. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const read = (name: string, fallback: number) => {
    const raw = query.get(name);
    return raw === null ? fallback : parseCalculatorValue(raw);
  };
  const defaults = defaultGlasses();
  const glasses = Object.fromEntries(WEDDING_WINES.map((w) => [w.key, read(w.key, defaults[w.key])])) as Record<
    WeddingWineKey,
    number
  >;
  return { guests: read('guests', DEFAULT_GUESTS), glasses };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Wedding wine calculator') },
  {
    name: 'description',
    content: metaI18n(matches)._('How much wine for your wedding: guests, glasses per guest, bottles and cases.'),
  },
];

export default function WeddingWineCalculatorPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <article className="content-page wedding">
      <h1>{i18n._('Wedding wine calculator')}</h1>
      <p>
        {i18n._(
          'Tell us how many guests you expect and how many glasses of each wine they will drink: we count the bottles.',
        )}
      </p>
      <WeddingCalculator initialGuests={loaderData.guests} initialGlasses={loaderData.glasses} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
