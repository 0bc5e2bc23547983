import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { FAVOURITE_TITLES, favouriteLoginPrompt } from '../../../domain/identity-rules';
import { requestLogin } from '../../lib/login-events';
import { useIsHardLoggedIn } from '../account/visibility';
import { useFavourites } from './favourites-context';

/**
 * favouriteLoginPrompt's wordings (SPEC §6), one per product type: the login modal shows the prompt through
 * `i18n._`, so each must be in the catalogues (tests/api/i18n-account.test.ts checks this list against the function).
 */
export const FAVOURITE_LOGIN_PROMPTS = [
  /*i18n*/ { id: 'Log in to Favourite this wine' },
  /*i18n*/ { id: 'Log in to Favourite this beer' },
  /*i18n*/ { id: 'Log in to Favourite this spirit' },
  /*i18n*/ { id: 'Log in to Favourite this item' },
];

const TITLE = {
  off: FAVOURITE_TITLES.add,
  adding: FAVOURITE_TITLES.adding,
  on: FAVOURITE_TITLES.remove,
  removing: FAVOURITE_TITLES.removing,
};

/**
 * SPEC §4 Favourite: not favourited → 'Adding...' → favourited ('Remove from favourites') and back. A visitor
 * who is not Current gets the login modal with the prompt of SPEC §6 for the product type.
 */
export function FavouriteButton({
  itemCode,
  productType,
  productName,
}: {
  itemCode: string;
  productType: string;
  productName: string;
}) {
  const { i18n } = useLingui();
  const current = useIsHardLoggedIn();
  const { stateOf, toggle } = useFavourites();
  const [error, setError] = useState<string | null>(null);
  const state = current ? stateOf(itemCode) : 'off';
  // The titles and the login prompt are English (declared in domain/identity-rules.ts).
  const title = i18n._(TITLE[state]);
  const on = state === 'on' || state === 'removing';
  return (
    <span className="favourite">
      <button
        type="button"
        className={`favourite__button${on ? ' favourite__button--on' : ''}`}
        title={title}
        aria-label={`${title}: ${productName}`}
        aria-pressed={on}
        aria-busy={state === 'adding' || state === 'removing'}
        data-favourite-state={state}
        onClick={async () => {
          if (!current) {
            requestLogin({ prompt: favouriteLoginPrompt(productType), origin: 'link' });
            return;
          }
          setError(null);
          const failure = await toggle(itemCode);
          setError(failure === null ? null : i18n._(failure));
        }}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <use href={`#${HEART_ID}`} fill={on ? 'currentColor' : 'none'} />
        </svg>
      </button>
      {error ? (
        <span role="alert" className="favourite__error">
          {error}
        </span>
      ) : null}
    </span>
  );
}

const HEART_ID = 'icon-heart';

/**
 * The heart's drawing, once in the page (app/root.tsx): every favourite button shows it by reference, so a page of
 * 36 tiles does not render and send the path 36 times. Its fill comes from each button's <use>.
 */
export function FavouriteIconSymbol() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="icon-symbols">
      <symbol id={HEART_ID} viewBox="0 0 24 24">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z"
          stroke="currentColor"
          strokeWidth="2"
        />
      </symbol>
    </svg>
  );
}
