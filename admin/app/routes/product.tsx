import { Form, Link, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { priceText } from '../../../domain/catalogue-prices';
import { formatMoney } from '../../../domain/money';
import { getSite, SITE_IDS } from '../../../domain/sites';
import { staffSeesSite } from '../../../domain/staff';
import { ServiceError } from '../../../services/platform/service-error';
import { changeProduct, loadStaffProduct, setProductHidden } from '../../../services/staff/products';
import { FormError, TextField } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';
import { siteOf } from '../lib/products.server';

// /admin/products/{itemCode}?site=law-au (CONTRACT.md): the product's prices per pack size in the site's currency
// (with the volume and member prices where it has them), its stock, published or hidden; a POST form changes prices
// and stock (checked as the catalogue file is, each refusal beside its field), another hides or publishes it. This page
// is also the staff's view of a hidden product: its storefront page answers 404 to everyone (decision 044).

export async function loader(args: LoaderFunctionArgs & { params: { itemCode?: string } }) {
  const { ctx, member, staffRequest } = requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const site = siteOf(params.get('site'), (s) => staffSeesSite(member, s));
  const product = await refusalsAsPages(() =>
    loadStaffProduct(ctx.db, ctx.clock, staffRequest, args.params.itemCode ?? '', site),
  );
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, getSite(site)));
  return {
    ...product,
    sites: SITE_IDS.filter((s) => staffSeesSite(member, s)),
    packs: product.skus.map((s) => ({
      ...s,
      name: s.bottles === 1 ? 'Single bottle' : `${s.bottles}-pack`,
      listText: s.listPriceCents === null ? '' : priceText(s.listPriceCents, product.currency),
      saleText: s.salePriceCents === null ? '' : priceText(s.salePriceCents, product.currency),
      sale: money(s.salePriceCents),
      list: money(s.listPriceCents),
      volume: money(s.vppPriceCents),
      member: money(s.memberPriceCents),
    })),
  };
}

export async function action(args: ActionFunctionArgs & { params: { itemCode?: string } }) {
  const { ctx, member, staffRequest } = requireStaff(args);
  const itemCode = args.params.itemCode ?? '';
  const form = await args.request.formData();
  const site = siteOf(String(form.get('site') ?? ''), (s) => staffSeesSite(member, s));
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'hide' || intent === 'publish') {
      await refusalsAsPages(() => setProductHidden(ctx.db, ctx.clock, staffRequest, itemCode, intent === 'hide', site));
      return {
        done:
          intent === 'hide'
            ? 'Hidden: shoppers no longer find it, its page answers 404 and it cannot be added to a cart.'
            : 'Published: shoppers find it again.',
      };
    }
    if (intent !== 'save') throw new ServiceError({ kind: 'invalid', code: 'invalid' }, 'Choose an action.');
    const prices: Record<string, { list?: string; sale?: string }> = {};
    for (const [name, value] of form) {
      const [, field, sku] = /^(list|sale):(.+)$/.exec(name) ?? [];
      if ((field === 'list' || field === 'sale') && sku && typeof value === 'string')
        prices[sku] = { ...prices[sku], [field]: value };
    }
    const stock = String(form.get('stock') ?? '');
    // The stock is sent only when it was changed: an account limited to some sites may still change prices.
    const stockChanged = form.has('stock') && stock.trim() !== String(form.get('stock-was') ?? '');
    const product = await refusalsAsPages(() =>
      changeProduct(ctx.db, ctx.clock, staffRequest, itemCode, {
        site,
        prices,
        stock: stockChanged ? stock : undefined,
      }),
    );
    return { done: `Saved. The shop shows it now on ${product.sharedWith.join(', ')}.` };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = ({ params }: { params: { itemCode?: string } }) => [
  { title: `Product ${params.itemCode ?? ''} · Console` },
];

export default function Product() {
  const p = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && 'error' in result ? { error: result.error, field: result.field ?? null } : undefined;
  const besideField = failure?.field && (failure.field === 'stock' || /^(list|sale):/.test(failure.field));
  return (
    <>
      <p>
        <Link to={`/products?site=${p.site}`}>← Products</Link>
      </p>
      <h1>
        {p.name}
        {p.vintage ? ` ${p.vintage}` : ''}
      </h1>
      <p className="order-facts">
        <code>{p.itemCode}</code> · {p.producer} · <strong>{p.hidden ? 'Hidden' : 'Published'}</strong>
        {p.hidden ? null : (
          <>
            {' '}
            · <a href={p.path}>Its storefront page</a>
          </>
        )}
      </p>
      {p.hidden ? (
        <p className="notice">
          Hidden: shoppers do not find it in listings, search or suggestions, its page ({p.path}) answers 404 and it
          cannot be added to a cart. This page shows what it sells.
        </p>
      ) : null}
      {result && 'done' in result ? (
        <p role="status" className="notice">
          {result.done}
        </p>
      ) : null}
      <FormError failure={besideField ? undefined : failure} />

      <Form method="get" className="filters" aria-label="Prices of another currency">
        <div className="field">
          <label htmlFor="product-site">Site</label>
          <select id="product-site" name="site" defaultValue={p.site}>
            {p.sites.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show its prices</button>
      </Form>

      <section aria-labelledby="prices-title">
        <h2 id="prices-title">Prices in {p.currency} and stock</h2>
        <p className="hint">
          Prices are kept per currency: a price set here holds on every {p.currency} site ({p.sharedWith.join(', ')}).
          {p.currency === 'TWD' ? ' TWD prices are whole dollars.' : ''} A pack may not cost more than as many single
          bottles, and a sale price not more than its list price.
        </p>
        <Form
          method="post"
          key={`${p.site}:${p.packs.map((k) => `${k.listText}/${k.saleText}`).join()}:${p.stockBottles}`}
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="site" value={p.site} />
          {p.packs.map((k) => (
            <fieldset key={k.itemCode}>
              <legend>
                {k.name} <code>{k.itemCode}</code>
              </legend>
              {k.salePriceCents === null ? (
                <p>Not sold in {p.currency}.</p>
              ) : (
                <>
                  <TextField
                    label={`List price (${p.currency})`}
                    name={`list:${k.itemCode}`}
                    defaultValue={k.listText}
                    inputMode="decimal"
                    failure={failure}
                  />
                  <TextField
                    label={`Sale price (${p.currency})`}
                    name={`sale:${k.itemCode}`}
                    defaultValue={k.saleText}
                    inputMode="decimal"
                    hint={
                      k.salePriceCents < (k.listPriceCents ?? 0) ? `On special: ${k.sale}, list ${k.list}.` : undefined
                    }
                    failure={failure}
                  />
                  {k.volume ? (
                    <p className="muted">
                      Volume price per bottle: {k.volume}
                      {k.vppApplier ? '' : ' (not applied to this pack)'}
                    </p>
                  ) : null}
                  {k.member ? <p className="muted">Member price: {k.member}</p> : null}
                </>
              )}
            </fieldset>
          ))}
          <input type="hidden" name="stock-was" value={p.stockBottles ?? ''} />
          <TextField
            label="Stock (bottles)"
            name="stock"
            defaultValue={p.stockBottles ?? ''}
            inputMode="numeric"
            hint={p.stockBottles === null ? 'Not counted: leave empty to keep it so.' : '0 marks it out of stock.'}
            failure={failure}
          />
          <button type="submit">Save prices and stock</button>
        </Form>
      </section>

      <section aria-labelledby="publish-title">
        <h2 id="publish-title">{p.hidden ? 'Publish' : 'Hide'}</h2>
        <Form method="post">
          <input type="hidden" name="site" value={p.site} />
          <input type="hidden" name="intent" value={p.hidden ? 'publish' : 'hide'} />
          <p className="hint">
            {p.hidden
              ? 'Publishing puts it back in listings, search and suggestions, and carts that hold it show it again.'
              : 'Hiding takes it out of listings, search and suggestions; its page answers 404 and carts leave it out.'}
          </p>
          <button type="submit">{p.hidden ? 'Publish this product' : 'Hide this product'}</button>
        </Form>
      </section>
    </>
  );
}
