import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { amountToCents, formatMoney } from '../../../domain/money';
import { type CountryCode, getSite, offerListLocale } from '../../../domain/sites';
import { track } from '../../lib/analytics';
import { requestApi, succeeded } from '../../lib/api-request';
import { CART_FLOW_FAILED, cartClient } from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';
import type { PublicSite } from '../../lib/site';
import { useTimedMessage } from '../../lib/use-timed-message';
import { Carousel } from '../carousel';
import { ErrorList } from '../forms';
import { ProductImage } from '../product-image';
import { ADDON_SUCCESS_KEY, type AddOnSuccessFlag } from './addon-success-modal';

/** SPEC §9 "Add-ons". */
export const ADDON_MIN_CART_BOTTLES = 12; // shown at over 11 bottles
export const ADDON_LIMIT = 36;
export const ADDON_MIN_ITEMS = 3;
export const ADDON_SAVE_MIN_CENTS = 1_000;
/** SPEC §8: cart-flow add failures show in an alert for 5 seconds. */
export const ADDON_ERROR_MS = 5_000;

/** The three-letter data area used when pageData.dataAreaId is empty (outside AU/NZ). */
const FALLBACK_DATA_AREA: Record<CountryCode, string> = { au: 'AUS', nz: 'NZL', us: 'USA', hk: 'HKG', tw: 'TWN' };

export interface AddOn {
  itemCode: string;
  skuItemCode: string;
  title: string;
  name: string;
  image: string;
  mixed: boolean;
  salePriceCents: number;
  addOnPriceCents: number;
}

interface ApiItem {
  itemCode?: unknown;
  name?: unknown;
  vintage?: unknown;
  mixed?: unknown;
  smallImage?: unknown;
  salePrice?: unknown;
  inventoryInfo?: { summaryAvailabilityStatus?: unknown };
}

const toCents = (amount: unknown): number | null =>
  typeof amount === 'number' && Number.isFinite(amount) ? amountToCents(amount) : null;

/**
 * The add-ons of an offer list response (SPEC §3): in stock, with a sku and an add-on price, at most 36
 * (SPEC §9). Fewer than 3 means no carousel: returns null.
 */
export function selectAddOns(
  response: { itemList?: unknown; presentationMap?: unknown } | null | undefined,
): AddOn[] | null {
  const list = Array.isArray(response?.itemList) ? (response.itemList as ApiItem[]) : [];
  const map = (response?.presentationMap ?? {}) as Record<string, unknown>;
  const addOns: AddOn[] = [];
  for (const item of list) {
    if (addOns.length === ADDON_LIMIT) break;
    if (typeof item.itemCode !== 'string' || typeof item.name !== 'string') continue;
    if (item.inventoryInfo?.summaryAvailabilityStatus === 'out_of_stock') continue;
    const skuItemCode = map[`${item.itemCode}.skuItemCode`];
    const addOnPriceCents = toCents(map[`${item.itemCode}.addOnPrice`]);
    const salePriceCents = toCents(item.salePrice);
    if (typeof skuItemCode !== 'string' || !skuItemCode || addOnPriceCents === null) continue;
    const vintage = typeof item.vintage === 'number' || typeof item.vintage === 'string' ? String(item.vintage) : '';
    addOns.push({
      itemCode: item.itemCode,
      skuItemCode,
      name: item.name,
      title: vintage ? `${item.name} ${vintage}` : item.name,
      image: typeof item.smallImage === 'string' ? item.smallImage : '',
      mixed: item.mixed === true,
      salePriceCents: salePriceCents ?? addOnPriceCents,
      addOnPriceCents,
    });
  }
  return addOns.length >= ADDON_MIN_ITEMS ? addOns : null;
}

/** SPEC §9: savings are shown only when the sale price is at least 10 above the add-on price. */
export function addOnSavingsCents(addOn: Pick<AddOn, 'salePriceCents' | 'addOnPriceCents'>): number | null {
  const saving = addOn.salePriceCents - addOn.addOnPriceCents;
  return saving >= ADDON_SAVE_MIN_CENTS ? saving : null;
}

function currentDataAreaId(site: PublicSite, given: string | undefined): string {
  if (given) return given;
  const fromPage = (window as unknown as { pageData?: { dataAreaId?: string } }).pageData?.dataAreaId;
  return fromPage || FALLBACK_DATA_AREA[site.country];
}

interface Props {
  site: PublicSite;
  /** pageData.dataAreaId; when empty, window.pageData's, then the country's three-letter fallback. */
  dataAreaId?: string;
  numBottles: number;
  /** The list's heading in the site's language, by the catalogue's words; any other heading shows as it is. */
  headings?: Readonly<Record<string, string>>;
}

type Load = { state: 'idle' | 'loading' | 'hidden' } | { state: 'ready'; header: string; addOns: AddOn[] };

/**
 * SPEC §2/§9: the cart page's add-on carousel, shown at over 11 bottles. Its list is fetched the first
 * time the cart qualifies; a failed fetch or too few add-ons hides it (SPEC §8). Adding an add-on sets
 * the session flag for the success modal and reloads the page.
 */
export function AddOnCarousel({ site, dataAreaId, numBottles, headings = {} }: Props) {
  const { i18n } = useLingui();
  const eligible = numBottles >= ADDON_MIN_CART_BOTTLES;
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [busy, setBusy] = useState<string | null>(null);
  const busyRef = useRef(false);
  const [error, showError] = useTimedMessage<string>();

  useEffect(() => {
    if (!eligible || load.state !== 'idle') return;
    setLoad({ state: 'loading' });
    const path = `/api/itemlist/${site.brand.code}_shopping_cart_addons/${offerListLocale(getSite(site.id))}/${encodeURIComponent(
      currentDataAreaId(site, dataAreaId),
    )}`;
    void requestApi<{ itemList?: unknown; presentationMap?: unknown }>('GET', path).then((reply) => {
      const response = succeeded(reply) ? reply.body.response : undefined;
      const addOns = response ? selectAddOns(response) : null;
      const header = (response?.presentationMap as Record<string, unknown> | undefined)?.['itemlist.header'];
      setLoad(
        addOns
          ? {
              state: 'ready',
              header:
                typeof header === 'string' && header
                  ? Object.hasOwn(headings, header)
                    ? (headings[header] ?? header)
                    : header
                  : i18n._('Add-ons'),
              addOns,
            }
          : { state: 'hidden' },
      );
    });
  }, [eligible, load.state, site, dataAreaId, i18n, headings]);

  const add = async (addOn: AddOn) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(addOn.itemCode);
    const result = await cartClient.add(addOn.skuItemCode, 1);
    if (result.ok) {
      track({ event: 'gaEvent', eventCategory: 'Add-on', eventAction: 'Add to Cart', eventLabel: addOn.itemCode });
      const flag: AddOnSuccessFlag = { itemCode: addOn.itemCode, name: addOn.title, image: addOn.image };
      try {
        window.sessionStorage.setItem(ADDON_SUCCESS_KEY, JSON.stringify(flag));
      } catch {
        // Storage blocked: the page still reloads with the new line, just without the modal.
      }
      window.location.reload();
      return;
    }
    busyRef.current = false;
    setBusy(null);
    track({ event: 'gaEvent', eventCategory: 'Add-on', eventAction: 'Add to Cart Fail', eventLabel: addOn.itemCode });
    showError(result.message ?? CART_FLOW_FAILED, ADDON_ERROR_MS);
  };

  if (!eligible || load.state === 'hidden') return null;
  // Until the add-ons come, their place is kept (an empty box from the server's render on): nothing below moves.
  return (
    <div className="addons">
      {load.state === 'ready' ? (
        <Carousel title={load.header}>
          {load.addOns.map((addOn) => {
            const saving = addOnSavingsCents(addOn);
            return (
              <article key={addOn.itemCode} className="tile" data-item-code={addOn.itemCode}>
                <div className="tile__image">
                  <ProductImage
                    site={site}
                    imageBase={addOn.image.replace(/-small\.svg$/, '')}
                    size="small"
                    alt=""
                    mixed={addOn.mixed}
                  />
                </div>
                <div className="tile__body">
                  <h3 className="tile__title">{addOn.title}</h3>
                  <p className="tile__price">
                    {addOn.salePriceCents > addOn.addOnPriceCents ? (
                      <>
                        <span className="visually-hidden">{i18n._('Was')} </span>
                        <s className="price--was">{formatMoney(addOn.salePriceCents, site)}</s>{' '}
                        <span className="visually-hidden">{i18n._('now')} </span>
                      </>
                    ) : null}
                    <strong data-testid="addon-price">{formatMoney(addOn.addOnPriceCents, site)}</strong>
                  </p>
                  {saving !== null ? (
                    <ul className="tile__badges">
                      <li className="badge">{i18n._('SAVE {amount}', { amount: formatMoney(saving, site) })}</li>
                    </ul>
                  ) : null}
                  <div className="tile__buy">
                    <button
                      type="button"
                      className="button"
                      // NOTE: aria-disabled, not disabled: a disabled button drops keyboard focus, and after a
                      // failed add the shopper should still be on the tile. busyRef refuses repeats.
                      aria-disabled={busy !== null || undefined}
                      aria-busy={busy === addOn.itemCode || undefined}
                      onClick={() => void add(addOn)}
                    >
                      {i18n._('Add')}
                      <span className="visually-hidden"> {addOn.title}</span>
                    </button>
                  </div>
                </div>
              </article>
            );
          })}
        </Carousel>
      ) : null}
      <ErrorList className="help" errors={shownText(i18n, error)} />
    </div>
  );
}
