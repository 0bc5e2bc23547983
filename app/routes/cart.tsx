import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { fillTheBox, MAX_LINE_QUANTITY, pointsEarned } from '../../domain/cart-pricing';
import { isCartId } from '../../domain/cart-rules';
import { EGIFT_ITEM_CODES } from '../../domain/item-code';
import { amountToFreeShipping } from '../../domain/free-shipping';
import { formatMoney } from '../../domain/money';
import { cartContextOf, getCart } from '../../services/cart';
import type { Route } from './+types/cart';
import { HiddenWhenLoggedIn, HiddenWhenNotLoggedIn } from '../components/account/visibility';
import { AddOnCarousel } from '../components/cart/addon-carousel';
import { AddOnSuccessModal } from '../components/cart/addon-success-modal';
import { CART_UPDATED_EVENT, useCart } from '../components/cart/cart-context';
import { ProductImage } from '../components/product-image';
import { appContext } from '../context';
import { type Cart, CART_FLOW_FAILED, cartClient } from '../lib/cart-client';
import type { PublicSite } from '../lib/site';
import { useRootData } from '../root';

export const handle = { pageType: 'shopping_cart' };

/** SPEC §9 timings. */
export const QUANTITY_IDLE_MS = 1_500;
export const REMOVE_HELP_MS = 3_000;
export const PRESELL_NOTE_DELAY_MS = 500;
export const DELETE_ERROR_MS = 3_000;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const cartId = isCartId(ctx.cookies.cart_id) ? ctx.cookies.cart_id : null;
  return { cart: await getCart(cartContextOf(ctx), cartId, { validate: true }) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Your cart' }, { name: 'robots', content: 'noindex' }];

/** The cart is personal and changes elsewhere (other tabs, the API): never reuse a stored copy. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

type Line = Cart['lineItems'][number];

function QuantityControl({
  line,
  busy,
  onChange,
}: {
  line: Line;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  const [value, setValue] = useState(String(line.quantity));
  const [help, setHelp] = useState(false);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const helpTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The field follows the cart's quantity when it changes. NOTE: adjusted during render, not in an effect:
  // a passive effect can run late (after the shopper has started typing) and overwrite what they typed.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setValue(String(line.quantity));
  }
  useEffect(
    () => () => {
      if (idle.current) clearTimeout(idle.current);
      if (helpTimer.current) clearTimeout(helpTimer.current);
    },
    [],
  );
  const locked = line.product.quantityLocked;
  const name = line.product.name;
  if (locked) return <span className="qty">Qty {line.quantity}</span>;

  const apply = (text: string) => {
    if (idle.current) clearTimeout(idle.current);
    const n = Number(text);
    if (!text || n === 0) {
      // SPEC §5: empty or 0 restores the old value; 0 shows the remove help for 3 seconds.
      setValue(String(line.quantity));
      if (text === '0' || /^0+$/.test(text)) {
        setHelp(true);
        if (helpTimer.current) clearTimeout(helpTimer.current);
        helpTimer.current = setTimeout(() => setHelp(false), REMOVE_HELP_MS);
      }
      return;
    }
    const clamped = Math.min(MAX_LINE_QUANTITY, n);
    if (clamped !== line.quantity) onChange(clamped);
    else setValue(String(line.quantity));
  };

  return (
    <div>
      {/* SPEC §4: a select on small screens, plus/minus and typing elsewhere. */}
      <label className="visually-hidden" htmlFor={`qty-select-${line.id}`}>
        Quantity of {name} (list)
      </label>
      <select
        id={`qty-select-${line.id}`}
        className="qty-select"
        value={line.quantity}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: MAX_LINE_QUANTITY }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <div className="qty qty--desktop">
        <button
          type="button"
          aria-label={`Decrease quantity of ${name}`}
          disabled={busy || line.quantity <= 1}
          onClick={() => onChange(line.quantity - 1)}
        >
          −
        </button>
        <label className="visually-hidden" htmlFor={`qty-${line.id}`}>
          Quantity of {name}
        </label>
        <input
          id={`qty-${line.id}`}
          className="qty-input"
          inputMode="numeric"
          pattern="[0-9]*"
          value={value}
          aria-busy={busy || undefined}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 2);
            setValue(digits);
            if (idle.current) clearTimeout(idle.current);
            idle.current = setTimeout(() => apply(digits), QUANTITY_IDLE_MS);
          }}
          onBlur={() => apply(value)}
        />
        <button
          type="button"
          aria-label={`Increase quantity of ${name}`}
          disabled={busy || line.quantity >= MAX_LINE_QUANTITY}
          onClick={() => onChange(line.quantity + 1)}
        >
          +
        </button>
      </div>
      {help ? (
        <p className="help" role="status">
          To remove this item, use Remove.
        </p>
      ) : null}
    </div>
  );
}

/** SPEC §5 quick-order box: 'This field is required.', e-gift cards refused, server messages shown; success hides after 3 s. */
export const QUICK_ORDER_SUCCESS_MS = 3_000;

function QuickOrder({ onAdded }: { onAdded: (cart: Cart) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim().toUpperCase();
    setSuccess(null);
    if (!value) return setError('This field is required.');
    if (EGIFT_ITEM_CODES.has(value)) return setError('eGift card cannot be added!');
    setBusy(true);
    const result = await cartClient.add(value, 1);
    setBusy(false);
    if (!result.ok) return setError(result.message ?? CART_FLOW_FAILED);
    setError(null);
    setCode('');
    setSuccess(`${value} has been added to your cart.`);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setSuccess(null), QUICK_ORDER_SUCCESS_MS);
    onAdded(result.cart);
  };
  return (
    <form className="quick-order" onSubmit={submit} noValidate aria-labelledby="quick-order-title">
      <h2 id="quick-order-title" className="visually-hidden">
        Order from the catalogue
      </h2>
      <div>
        <label htmlFor="quick-order-code">Catalogue item code</label>
        <input
          id="quick-order-code"
          name="itemCode"
          value={code}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'quick-order-error' : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className="button button--secondary" disabled={busy}>
        Add item
      </button>
      {error ? (
        <p id="quick-order-error" className="help" role="alert">
          {error}
        </p>
      ) : null}
      {success ? (
        <p className="notice notice--ok" role="status">
          {success}
        </p>
      ) : null}
    </form>
  );
}

function Summary({ cart, site }: { cart: Cart; site: PublicSite }) {
  const p = cart.orderPriceInfo;
  const money = (n: number) => formatMoney(Math.round(n * 100), site);
  const toGo = amountToFreeShipping(Math.round(p.subtotal * 100), site);
  const pct = Math.min(100, Math.round((p.subtotal / p.freeShippingThreshold) * 100));
  const checkoutBlocked = !cart.checkoutEnabled;
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Order summary</h2>
      <p>{toGo > 0 ? `Spend ${formatMoney(toGo, site)} more for free delivery.` : 'Your order ships free.'}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Progress to free delivery"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd>{money(p.subtotal)}</dd>
        </div>
        {p.savings > 0 ? (
          <div>
            <dt>You save</dt>
            <dd>{money(p.savings)}</dd>
          </div>
        ) : null}
        {/* SPEC §6: only Hard Logged-In customers see the order total with shipping (and, on vir, points earned). */}
        <HiddenWhenNotLoggedIn>
          <div>
            <dt>Delivery</dt>
            <dd>{p.shipping === 0 ? 'Free' : money(p.shipping)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{money(p.total)}</dd>
          </div>
          {site.brand.code === 'vir' ? (
            <div className="summary__points">
              <dt>Points you will earn</dt>
              <dd>{pointsEarned(cart).totalPoints.toLocaleString(site.intlLocale)}</dd>
            </div>
          ) : null}
        </HiddenWhenNotLoggedIn>
        {p.tax > 0 ? (
          <div>
            <dt>Includes GST</dt>
            <dd>{money(p.tax)}</dd>
          </div>
        ) : null}
        {p.payableTodayTotal !== p.total ? (
          <div>
            <dt>Payable today</dt>
            <dd>{money(p.payableTodayTotal)}</dd>
          </div>
        ) : null}
      </dl>
      <HiddenWhenLoggedIn>
        <p className="summary__login">
          <a href="/login?redirectingURL=%2Fcart" data-login-link="">
            Log in
          </a>{' '}
          to see delivery and your order total.
        </p>
      </HiddenWhenLoggedIn>
      {checkoutBlocked ? (
        <p className="help" role="alert">
          {cart.lineItems.flatMap((l) => l.validationInformationDetails.validationDetailsList).map((v) => v.message)[0]}
        </p>
      ) : null}
      <button type="button" className="button" disabled={checkoutBlocked}>
        Checkout
      </button>
    </aside>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { setCart } = useCart();
  const [cart, setLocalCart] = useState<Cart>(loaderData.cart);
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [showPresell, setShowPresell] = useState(false);
  const errorTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => setLocalCart(loaderData.cart), [loaderData.cart]);
  // SPEC §2 `update`: coming back to the cart (history, or a page restored from the back-forward
  // cache) shows it as it is now, not as it was.
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    const onUpdated = async () => {
      const validated = await cartClient.list(true);
      if (validated.ok) setLocalCart(validated.cart);
      document.getElementById('lines-title')?.parentElement?.scrollIntoView({ block: 'start' });
    };
    window.addEventListener('pageshow', onShow);
    window.addEventListener(CART_UPDATED_EVENT, onUpdated);
    if (params.has('update')) void revalidator.revalidate();
    return () => {
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener(CART_UPDATED_EVENT, onUpdated);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const hasPresell = cart.lineItems.some((l) => l.sku.preSellItem);
  useEffect(() => {
    if (!hasPresell) return;
    const t = setTimeout(() => setShowPresell(true), PRESELL_NOTE_DELAY_MS);
    return () => clearTimeout(t);
  }, [hasPresell]);

  const flashError = (message: string) => {
    setError(message);
    if (errorTimer.current) clearTimeout(errorTimer.current);
    errorTimer.current = setTimeout(() => setError(null), DELETE_ERROR_MS);
  };

  // Busy flags (SPEC §4) in a ref as well, so a second submit in the same tick is refused too.
  const busyRef = useRef(new Set<number>());
  const run = async (
    line: Line,
    action: () => ReturnType<typeof cartClient.set>,
    options: { genericError?: boolean } = {},
  ) => {
    if (busyRef.current.has(line.id)) return;
    busyRef.current.add(line.id);
    setBusy((b) => new Set(b).add(line.id));
    const result = await action();
    busyRef.current.delete(line.id);
    setBusy((b) => {
      const next = new Set(b);
      next.delete(line.id);
      return next;
    });
    if (!result.ok) {
      // SPEC §8: a failed delete shows the generic error; other cart flows show the server's message.
      flashError(options.genericError ? CART_FLOW_FAILED : (result.message ?? CART_FLOW_FAILED));
      return;
    }
    if (result.cart.numLineItems === 0) {
      // SPEC §4: the cart page reloads when the cart becomes empty.
      window.location.reload();
      return;
    }
    const validated = await cartClient.list(true);
    const next = validated.ok ? validated.cart : result.cart;
    setLocalCart(next);
    setCart(next);
  };

  const money = (n: number) => formatMoney(Math.round(n * 100), site);
  const box = fillTheBox(cart.numBottles);

  if (cart.numLineItems === 0) {
    return (
      <section className="page-message">
        <h1>Your cart is empty</h1>
        <p>Find something you will love in our range.</p>
        <p>
          <Link className="button" to="/wines">
            Browse our wines
          </Link>
        </p>
      </section>
    );
  }

  return (
    <div>
      <AddOnSuccessModal />
      <h1>Your cart</h1>
      {error ? (
        <p className="help" role="alert">
          {error}
        </p>
      ) : null}
      {box.state === 'prompt' ? (
        <p className="notice" data-testid="fill-the-box">
          Add {box.needed} more {box.needed === 1 ? 'bottle' : 'bottles'} to fill your box of 15.{' '}
          {box.linkToCatalogue ? <Link to="/wines">Add a bottle</Link> : null}
        </p>
      ) : box.state === 'full' ? (
        <p className="notice notice--ok" data-testid="fill-the-box">
          Your box of 15 is full. Nicely done!
        </p>
      ) : null}
      <div className="cart-page">
        <section aria-labelledby="lines-title">
          <h2 id="lines-title" className="visually-hidden">
            Items
          </h2>
          <ul className="cart-page__lines">
            {cart.lineItems.map((line) => {
              const title = `${line.product.name}${line.product.vintage ? ` ${line.product.vintage}` : ''}`;
              return (
                <li key={line.id} className="cart-line" data-item-code={line.sku.itemCode}>
                  <ProductImage
                    site={site}
                    imageBase={line.product.smallImage.replace(/-small\.svg$/, '')}
                    size="thumbnail"
                    alt=""
                    mixed={line.product.mixed}
                    eager
                  />
                  <div className="cart-line__body">
                    <div>
                      <h2>{line.product.url ? <Link to={line.product.url}>{title}</Link> : title}</h2>
                      <p className="note">
                        {line.bottleCount} {line.bottleCount === 1 ? 'bottle' : 'bottles'}
                        {line.sku.numberOfBottles > 1 ? ` (${line.sku.numberOfBottles}-pack)` : ''}
                      </p>
                    </div>
                    <QuantityControl
                      line={line}
                      busy={busy.has(line.id)}
                      onChange={(q) => run(line, () => cartClient.set(line.sku.itemCode, q))}
                    />
                    <strong>{money(line.itemPriceInfo.amount)}</strong>
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy.has(line.id)}
                      onClick={() => run(line, () => cartClient.remove(line.sku.itemCode), { genericError: true })}
                    >
                      Remove<span className="visually-hidden"> {title}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <AddOnCarousel site={site} numBottles={cart.numBottles} />
          <QuickOrder
            onAdded={async (added) => {
              const validated = await cartClient.list(true);
              const next = validated.ok ? validated.cart : added;
              setLocalCart(next);
              setCart(next);
            }}
          />
          {hasPresell && showPresell ? (
            <p className="notice" data-testid="presell-note">
              Pre-sale wines are reserved for you now and charged when they ship.
            </p>
          ) : null}
        </section>
        <Summary cart={cart} site={site} />
      </div>
    </div>
  );
}
