import { Form, Link, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { getSite, SITE_IDS } from '../../../domain/sites';
import { staffSeesSite } from '../../../domain/staff';
import { ITEM_CODE_PATTERN } from '../../../domain/item-code';
import { priceFileFromText, priceFileOf } from '../../../server/catalogue-file';
import { ServiceError } from '../../../services/platform/service-error';
import { PRICE_FILE_COLUMNS, PRICE_FILE_MAX_BYTES, PRODUCT_TEXTS } from '../../../domain/staff-products';
import {
  applyPriceFile,
  type PriceFilePreview,
  previewPriceFile,
  searchProducts,
} from '../../../services/staff/products';
import { FormError } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';
import { siteOf } from '../lib/products.server';

// /admin/products (CONTRACT.md): search by item code or name for a site (its currency's prices), hidden products
// too, a page at a time by item code; and a price file (CSV upload): a preview of every row's old and new price and
// the refused rows by line, then apply. Both GET and POST forms, so it all works without JavaScript.

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, member, staffRequest } = requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const site = siteOf(params.get('site'), (s) => staffSeesSite(member, s));
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const afterText = params.get('after') ?? '';
  const after = ITEM_CODE_PATTERN.test(afterText) ? afterText : undefined;
  const page = await refusalsAsPages(() =>
    searchProducts(ctx.db, ctx.clock, staffRequest, { q: q || undefined, site, after }),
  );
  const money = (cents: number | null) => (cents === null ? 'not sold' : formatMoney(cents, getSite(site)));
  const next = new URLSearchParams({ site, ...(q ? { q } : {}) });
  if (page.next) next.set('after', page.next);
  return {
    q,
    site,
    sites: SITE_IDS.filter((s) => staffSeesSite(member, s)),
    currency: page.currency,
    sharedWith: page.sharedWith,
    products: page.products.map((p) => ({
      ...p,
      price: money(p.salePriceCents),
      onSpecial: p.salePriceCents !== null && p.listPriceCents !== null && p.salePriceCents < p.listPriceCents,
      list: money(p.listPriceCents),
    })),
    nextLink: page.next ? `/products?${next}` : null,
  };
}

type PreviewAnswer = { preview: PriceFilePreview & { csv: string; money: Record<string, string> }; stale?: boolean };

/** The preview as the page shows it: every amount in its currency's way, and the file to send back to apply. */
function shown(preview: PriceFilePreview, csv: string): PreviewAnswer['preview'] {
  const money: Record<string, string> = {};
  for (const r of preview.rows) {
    const site = SITE_IDS.map(getSite).find((s) => s.currency === r.currency);
    for (const cents of [r.oldListCents, r.oldSaleCents, r.newListCents, r.newSaleCents])
      money[`${r.currency}:${cents}`] = site ? formatMoney(cents, site) : String(cents);
  }
  return { ...preview, csv, money };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'preview') {
      const upload = form.get('file');
      const file = await priceFileOf(upload);
      const csv = upload instanceof Blob ? await upload.text() : '';
      const preview = await refusalsAsPages(() => previewPriceFile(ctx.db, ctx.clock, staffRequest, file));
      return { preview: shown(preview, csv) } satisfies PreviewAnswer;
    }
    if (intent === 'apply') {
      const csv = String(form.get('csv') ?? '');
      const file = priceFileFromText(csv);
      const result = await refusalsAsPages(() =>
        applyPriceFile(ctx.db, ctx.clock, staffRequest, file, String(form.get('token') ?? '')),
      );
      if (!result.applied) return { preview: shown(result.preview, csv), stale: true } satisfies PreviewAnswer;
      return {
        done: `Applied: ${result.changes} ${result.changes === 1 ? 'price' : 'prices'} of ${result.products} ${result.products === 1 ? 'product' : 'products'} changed. The shop shows them now.`,
      };
    }
    throw new ServiceError({ kind: 'invalid', code: 'invalid', field: 'intent' }, 'Choose an action.');
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = () => [{ title: 'Products · Console' }];

function PricePreview({ preview, stale }: PreviewAnswer) {
  const m = (currency: string, cents: number) => preview.money[`${currency}:${cents}`] ?? String(cents);
  const refused = preview.problems.length > 0;
  return (
    <section aria-labelledby="preview-title">
      <h3 id="preview-title">Preview</h3>
      {stale ? (
        <p role="alert" className="form-error">
          {PRODUCT_TEXTS.stale}
        </p>
      ) : null}
      {refused ? (
        <>
          <p role="alert" className="form-error">
            {PRODUCT_TEXTS.fileRefused}
          </p>
          <ul aria-label="Refused rows">
            {preview.problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status">
          {preview.changes} {preview.changes === 1 ? 'price' : 'prices'} of {preview.products}{' '}
          {preview.products === 1 ? 'product' : 'products'} will change.
        </p>
      )}
      {preview.rows.length > 0 ? (
        <table>
          <caption className="visually-hidden">Each row’s prices now and after the file</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Pack</th>
              <th scope="col">Now (list / sale)</th>
              <th scope="col">New (list / sale)</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <th scope="row">
                  {r.sku} <span className="currency">{r.currency}</span>
                </th>
                <td>
                  {m(r.currency, r.oldListCents)} / {m(r.currency, r.oldSaleCents)}
                </td>
                <td>
                  {r.changed ? `${m(r.currency, r.newListCents)} / ${m(r.currency, r.newSaleCents)}` : 'unchanged'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {!refused && preview.changes > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="token" value={preview.token} />
          <textarea name="csv" defaultValue={preview.csv} hidden readOnly />
          <button type="submit">Apply these prices</button>
        </Form>
      ) : null}
    </section>
  );
}

export default function Products() {
  const { q, site, sites, currency, sharedWith, products, nextLink } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && 'error' in result ? { error: result.error, field: result.field ?? null } : undefined;
  return (
    <>
      <h1>Products</h1>
      <Form method="get" className="filters" aria-label="Search products">
        <div className="field">
          <label htmlFor="products-q">Item code or name</label>
          <input id="products-q" name="q" type="search" defaultValue={q} />
        </div>
        <div className="field">
          <label htmlFor="products-site">Site</label>
          <select id="products-site" name="site" defaultValue={site}>
            {sites.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Search</button>
      </Form>
      <p className="notice">
        Prices are kept per currency: those shown are in {currency}, and a price set for {site} holds on every{' '}
        {currency} site ({sharedWith.join(', ')}).
      </p>
      {products.length === 0 ? (
        <p role="status">{q ? 'No products match.' : 'There are no products yet.'}</p>
      ) : (
        <table>
          <caption className="visually-hidden">
            {q ? `Products matching “${q}”` : 'Products'}, by item code, prices in {currency}
          </caption>
          <thead>
            <tr>
              <th scope="col">Wine</th>
              <th scope="col">Bottle price</th>
              <th scope="col">Stock</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.itemCode}>
                <th scope="row">
                  <Link to={`/products/${p.itemCode}?site=${site}`}>
                    {p.name}
                    {p.vintage ? ` ${p.vintage}` : ''}
                  </Link>{' '}
                  <code>{p.itemCode}</code>
                  {p.hidden ? <strong> · Hidden</strong> : null}
                </th>
                <td>
                  {p.price}
                  {p.onSpecial ? <span className="muted"> (list {p.list})</span> : null}
                </td>
                <td>{p.stockBottles === null ? 'not counted' : p.stockBottles}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextLink ? <Link to={nextLink}>Next products</Link> : null}

      <section aria-labelledby="price-file-title">
        <h2 id="price-file-title">Change prices from a file</h2>
        <p className="hint" id="price-file-hint">
          A CSV file whose first line is <code>{PRICE_FILE_COLUMNS.join(',')}</code>, one row per pack and currency (a
          single bottle’s sku_code is the item code, a pack’s is the item code and its size, e.g. D0001-6), at most{' '}
          {PRICE_FILE_MAX_BYTES / 1000} KB. The same checks as the catalogue import. You see every change before it is
          made.
        </p>
        {result && 'done' in result ? (
          <p role="status" className="notice">
            {result.done}
          </p>
        ) : null}
        <FormError failure={failure?.field === 'file' || failure?.field === 'intent' ? undefined : failure} />
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="preview" />
          <div className="field">
            <label htmlFor="price-file">Price file (CSV)</label>
            <input
              id="price-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={`price-file-hint${failure?.field === 'file' ? ' price-file-error' : ''}`}
              aria-invalid={failure?.field === 'file' || undefined}
            />
            {failure?.field === 'file' ? (
              <p className="field-error" id="price-file-error">
                {failure.error}
              </p>
            ) : null}
          </div>
          <button type="submit">Preview the changes</button>
        </Form>
        {result && 'preview' in result && result.preview ? (
          <PricePreview preview={result.preview} stale={result.stale} />
        ) : null}
      </section>
    </>
  );
}
