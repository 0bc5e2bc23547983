import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { ITEM_CODE_PATTERN } from '../../../domain/item-code';
import { OFFER_CODE_COOKIE_MAX_AGE_SECONDS, OFFER_CODE_PATTERN, VOUCHER_COOKIE } from '../../../domain/offer-codes';
import { Link, useSearchParams } from 'react-router';
import { track } from '../../lib/analytics';
import { type Cart, CART_FLOW_FAILED, cartClient } from '../../lib/cart-client';
import { setSiteCookie } from '../../lib/cookies';
import { shownText } from '../../lib/shown-text';
import { useTimedMessage } from '../../lib/use-timed-message';
import { Modal } from '../modal';
import { CAMPAIGN_KEYS, CASE_KEYS, QUANTITY_KEY, SINGLE_KEYS, VOUCHER_KEYS } from './campaign-params';
import { useCart } from './cart-context';

// SPEC §2/§4: an email campaign link (…?dw_brontoItem=D0001&dw_brontoCase=D0002-6) prefills the cart.

/** SPEC §9 "Timings": the campaign modal closes after 3 s. */
export const CAMPAIGN_MODAL_MS = 3_000;
/** SPEC §9 "Campaign defaults": case items 6 each, single items 12. */
export const CAMPAIGN_CASE_QUANTITY = 6;
export const CAMPAIGN_SINGLE_QUANTITY = 12;

export const CAMPAIGN_ADDED = "We've added your selection to your cart";
export const CAMPAIGN_QUANTITY_NOT_NUMERIC = 'Sorry, the quantity in this offer link must be a number.';
export const CAMPAIGN_BAD_ITEM_CODE = 'Please enter a valid item code.';
// The page's own texts above, for the catalogues (shown through shownText like the server's).
export const CAMPAIGN_TEXTS = [
  /*i18n*/ { id: "We've added your selection to your cart" },
  /*i18n*/ { id: 'Sorry, the quantity in this offer link must be a number.' },
];

const ITEM_CODE = ITEM_CODE_PATTERN;

export interface CampaignItem {
  itemCode: string;
  quantity: number;
}

export type CampaignRequest =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'add'; items: CampaignItem[]; codes: string[] };

function codesOf(params: URLSearchParams, keys: readonly string[]): string[] {
  return keys.flatMap((key) =>
    params
      .getAll(key)
      .flatMap((value) => value.split(','))
      .map((code) => code.trim())
      .filter(Boolean),
  );
}

/** Reads the dw_bronto* parameters into one all-or-nothing add (pure, so the rules are easy to see). */
export function readCampaignRequest(params: URLSearchParams): CampaignRequest {
  const singles = codesOf(params, SINGLE_KEYS);
  const cases = codesOf(params, CASE_KEYS);
  if (singles.length === 0 && cases.length === 0) return { kind: 'none' };

  // SPEC §5: campaign quantity must be numeric. An empty value counts as not given.
  const rawQuantity = params.get(QUANTITY_KEY)?.trim() ?? '';
  if (rawQuantity !== '' && !/^\d+$/.test(rawQuantity))
    return { kind: 'invalid', message: CAMPAIGN_QUANTITY_NOT_NUMERIC };
  // Out-of-range numbers (0, 500) go to the server, which answers with its own quantity message.
  const quantity = rawQuantity === '' ? null : Number(rawQuantity);

  if ([...singles, ...cases].some((code) => !ITEM_CODE.test(code)))
    return { kind: 'invalid', message: CAMPAIGN_BAD_ITEM_CODE };
  const items = [
    ...singles.map((code) => ({ itemCode: code.toUpperCase(), quantity: quantity ?? CAMPAIGN_SINGLE_QUANTITY })),
    ...cases.map((code) => ({ itemCode: code.toUpperCase(), quantity: quantity ?? CAMPAIGN_CASE_QUANTITY })),
  ];
  return { kind: 'add', items, codes: items.map((i) => i.itemCode) };
}

/** The first well-formed promoCode / code parameter, or null. */
export function readVoucherCode(params: URLSearchParams): string | null {
  for (const key of VOUCHER_KEYS) {
    const value = params.get(key)?.trim();
    if (value && OFFER_CODE_PATTERN.test(value)) return value;
  }
  return null;
}

function saveVoucherCode(code: string): void {
  setSiteCookie(VOUCHER_COOKIE, code, OFFER_CODE_COOKIE_MAX_AGE_SECONDS);
}

interface AddedLine {
  key: string;
  text: string;
}

type Outcome = { ok: true; lines: AddedLine[] } | { ok: false; message: string };

/** What the campaign put in the cart, named as the cart names it. */
function describeAdded(i18n: I18n, cart: Cart, items: CampaignItem[]): AddedLine[] {
  return items.map((item, index) => {
    const line = cart.lineItems.find((l) => l.sku.itemCode === item.itemCode);
    if (!line) return { key: `${item.itemCode}-${index}`, text: `${item.quantity} × ${item.itemCode}` };
    const name = `${line.product.name}${line.product.vintage ? ` ${line.product.vintage}` : ''}`;
    const text =
      line.sku.numberOfBottles > 1
        ? i18n._('{quantity} × {name} ({bottles}-bottle pack)', {
            quantity: item.quantity,
            name,
            bottles: line.sku.numberOfBottles,
          })
        : `${item.quantity} × ${name}`;
    return { key: `${item.itemCode}-${index}`, text };
  });
}

/**
 * On arrival, adds the campaign's items in one request (all or nothing), says what happened in a modal
 * that closes itself after 3 s, and takes the campaign parameters out of the URL.
 */
export function CampaignPrefill() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const { setCart } = useCart();
  // close is stable, so the focus trap is set up once per opening and gives focus back on close.
  const [outcome, showOutcome, close] = useTimedMessage<Outcome>();
  const started = useRef(false);

  useEffect(() => {
    // Only the URL the visitor arrived with counts; later navigations never add again.
    if (started.current) return;
    started.current = true;

    const voucher = readVoucherCode(params);
    if (voucher) saveVoucherCode(voucher);

    const request = readCampaignRequest(params);
    if (CAMPAIGN_KEYS.some((key) => params.has(key))) {
      const next = new URLSearchParams(params);
      for (const key of CAMPAIGN_KEYS) next.delete(key);
      setParams(next, { replace: true, preventScrollReset: true });
    }
    if (request.kind === 'none') return;
    if (request.kind === 'invalid') {
      showOutcome({ ok: false, message: request.message }, CAMPAIGN_MODAL_MS);
      return;
    }
    void cartClient.addMany(request.items).then((result) => {
      if (!result.ok) {
        showOutcome({ ok: false, message: result.message ?? CART_FLOW_FAILED }, CAMPAIGN_MODAL_MS);
        return;
      }
      setCart(result.cart);
      track({
        event: 'gaEvent',
        eventCategory: 'Email Campaign',
        eventAction: 'Prefill',
        eventLabel: request.codes.join(','),
      });
      showOutcome({ ok: true, lines: describeAdded(i18n, result.cart, request.items) }, CAMPAIGN_MODAL_MS);
    });
  }, [params, setParams, setCart, showOutcome, i18n]);

  if (!outcome) return null;
  return (
    <Modal
      labelledBy="campaign-modal-title"
      describedBy="campaign-modal-text"
      className="campaign-modal"
      onClose={close}
    >
      {outcome.ok ? (
        <>
          <h2 id="campaign-modal-title">{shownText(i18n, CAMPAIGN_ADDED)}</h2>
          <ul id="campaign-modal-text">
            {outcome.lines.map((line) => (
              <li key={line.key}>{line.text}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2 id="campaign-modal-title">{i18n._("Sorry, we couldn't add your selection")}</h2>
          <p id="campaign-modal-text" role="alert">
            {shownText(i18n, outcome.message)}
          </p>
        </>
      )}
      <div className="modal__actions">
        {outcome.ok ? (
          <Link to="/cart" className="button" onClick={close}>
            {i18n._('View cart')}
          </Link>
        ) : null}
        <button type="button" className="button button--secondary" onClick={close} data-autofocus>
          {i18n._('Continue shopping')}
        </button>
      </div>
    </Modal>
  );
}
