import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { getSite, isSiteId, SITE_IDS, SITES } from '../../../domain/sites';
import { staffSeesSite } from '../../../domain/staff';
import { GiftCardFindSchema, GoodwillCardSchema } from '../../../domain/staff-vouchers';
import { findGiftCards, type GiftCardRowView, issueGoodwill } from '../../../services/staff/gift-cards';
import { FormError, TextField } from '../components/fields';
import { formFailure, refusalsAsPages, requirePermission, requireStaff } from '../lib/console.server';
import { firstIssue } from '../lib/vouchers';

// /admin/gift-cards (CONTRACT.md): find a card by its whole code (a POST form, so that no code is ever in a URL or a
// log) or by its last 4 with the buyer's or the recipient's email (a GET form: a search is a link), and issue a goodwill
// card. A card's code is never shown here: only its last 4.

function moneyOf(card: Pick<GiftCardRowView, 'siteId' | 'currency'>, cents: number): string {
  return card.siteId && isSiteId(card.siteId)
    ? formatMoney(cents, getSite(card.siteId))
    : `${(cents / 100).toFixed(2)} ${card.currency}`;
}

function rowsOf(cards: GiftCardRowView[]) {
  return cards.map((c) => ({
    id: c.id,
    last4: c.last4,
    siteId: c.siteId ?? '',
    balance: moneyOf(c, c.balanceCents),
    recipient: `${c.recipientName} <${c.recipientEmail}>`,
    orderNumber: c.orderNumber,
    disabled: c.disabled,
  }));
}

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest, member } = await requirePermission(args, 'gift-cards.write', 'gift-cards.read');
  const params = new URL(args.request.url).searchParams;
  const last4 = (params.get('last4') ?? '').trim().slice(0, 4);
  const email = (params.get('email') ?? '').trim().slice(0, 254);
  const searched = last4 !== '' || email !== '';
  const input = searched ? GiftCardFindSchema.safeParse({ last4, email }) : null;
  const cards = input?.success
    ? await refusalsAsPages(() =>
        findGiftCards({ db: ctx.db, clock: ctx.clock, key: ctx.giftCardKey }, staffRequest, input.data),
      )
    : [];
  const issue = input && !input.success ? input.error.issues[0] : undefined;
  return {
    last4,
    email,
    searched,
    searchFailure: issue ? { error: issue.message, field: String(issue.path[0] ?? 'last4') } : undefined,
    cards: rowsOf(cards),
    sites: SITE_IDS.filter((id) => staffSeesSite(member, id)).map((id) => ({
      id,
      text: `${id} (${SITES[id].currency} ${SITES[id].minGiftVoucherAmount}–${SITES[id].maxGiftVoucherAmount})`,
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const cardCtx = { db: ctx.db, clock: ctx.clock, key: ctx.giftCardKey };
  try {
    if (intent === 'find') {
      const input = GiftCardFindSchema.safeParse({ code: String(form.get('code') ?? '') });
      if (!input.success) return { form: 'find', error: 'Enter the card’s code.', field: 'code', code: 'invalid' };
      const cards = await refusalsAsPages(() => findGiftCards(cardCtx, staffRequest, input.data));
      if (cards.length === 1 && cards[0]) return redirect(`/gift-cards/${cards[0].id}`);
      return { form: 'find', error: 'No gift card has that code.', field: 'code', code: 'not_found' };
    }
    const input = GoodwillCardSchema.safeParse({
      siteId: String(form.get('siteId') ?? ''),
      amount: String(form.get('amount') ?? ''),
      recipientName: String(form.get('recipientName') ?? ''),
      recipientEmail: String(form.get('recipientEmail') ?? ''),
      message: String(form.get('message') ?? ''),
    });
    if (!input.success) return { form: 'issue', ...firstIssue(input.error.issues) };
    const issued = await refusalsAsPages(() =>
      issueGoodwill(
        {
          ...cardCtx,
          messagesFor: (site) => ctx.messagesFor(site.intlLocale),
          siteOriginOf: ctx.siteOriginOf,
        },
        staffRequest,
        input.data,
      ),
    );
    return redirect(`/gift-cards/${issued.id}?issued=1`);
  } catch (error) {
    const failed = formFailure(error);
    return data({ form: intent === 'find' ? 'find' : 'issue', ...failed.data }, failed.init ?? undefined);
  }
}

export const meta = () => [{ title: 'Gift cards · Console' }];

export default function GiftCards() {
  const { last4, email, searched, searchFailure, cards, sites } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const findFailure = result?.form === 'find' ? { error: result.error, field: result.field ?? null } : undefined;
  const issueFailure = result?.form === 'issue' ? { error: result.error, field: result.field ?? null } : undefined;
  return (
    <>
      <h1>Gift cards</h1>
      <section aria-labelledby="find-code-title">
        <h2 id="find-code-title">Find a card by its code</h2>
        <Form method="post" className="filters" aria-labelledby="find-code-title">
          <input type="hidden" name="intent" value="find" />
          <TextField
            label="Gift card code"
            name="code"
            failure={findFailure}
            hint="The whole code; spaces, dashes and case do not matter."
            autoComplete="off"
          />
          <button type="submit">Find the card</button>
        </Form>
      </section>

      <section aria-labelledby="find-email-title">
        <h2 id="find-email-title">Find a card by its last 4 and an email</h2>
        <Form method="get" className="filters" aria-labelledby="find-email-title">
          <TextField
            label="Last 4 characters"
            name="last4"
            failure={searchFailure}
            defaultValue={last4}
            maxLength={4}
            autoComplete="off"
          />
          <TextField
            label="Buyer’s or recipient’s email"
            name="email"
            type="email"
            failure={searchFailure}
            defaultValue={email}
          />
          <button type="submit">Search</button>
        </Form>
        {searched && !searchFailure ? (
          cards.length === 0 ? (
            <p role="status">No gift card matches.</p>
          ) : (
            <table>
              <caption className="visually-hidden">Gift cards ending {last4}</caption>
              <thead>
                <tr>
                  <th scope="col">Card</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Recipient</th>
                  <th scope="col">Bought with</th>
                </tr>
              </thead>
              <tbody>
                {cards.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={`/gift-cards/${c.id}`}>Ending {c.last4}</Link>
                      {c.disabled ? ' (disabled)' : ''}
                    </th>
                    <td>
                      {c.balance} <span className="muted">{c.siteId}</span>
                    </td>
                    <td>{c.recipient}</td>
                    <td>{c.orderNumber ?? 'goodwill'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : null}
      </section>

      <section aria-labelledby="goodwill-title">
        <h2 id="goodwill-title">Issue a goodwill card</h2>
        <p className="hint">The recipient gets the card’s code by email; the console shows only its last 4.</p>
        <FormError failure={issueFailure} />
        <Form method="post" className="console-narrow" noValidate>
          <input type="hidden" name="intent" value="issue" />
          <div className="field">
            <label htmlFor="goodwill-site">Site</label>
            <select
              id="goodwill-site"
              name="siteId"
              aria-invalid={issueFailure?.field === 'siteId' || undefined}
              aria-describedby={issueFailure?.field === 'siteId' ? 'goodwill-site-error' : undefined}
            >
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.text}
                </option>
              ))}
            </select>
            {issueFailure?.field === 'siteId' ? (
              <p className="field-error" id="goodwill-site-error">
                {issueFailure.error}
              </p>
            ) : null}
          </div>
          <TextField
            label="Amount"
            name="amount"
            failure={issueFailure}
            hint="A whole amount of the site’s currency, within its e-gift card range."
            inputMode="numeric"
            required
          />
          <TextField label="Recipient’s name" name="recipientName" failure={issueFailure} required />
          <TextField label="Recipient’s email" name="recipientEmail" type="email" failure={issueFailure} required />
          <div className="field">
            <label htmlFor="goodwill-message">Message</label>
            <textarea
              id="goodwill-message"
              name="message"
              maxLength={200}
              rows={3}
              aria-invalid={issueFailure?.field === 'message' || undefined}
              aria-describedby={issueFailure?.field === 'message' ? 'goodwill-message-error' : undefined}
            />
            {issueFailure?.field === 'message' ? (
              <p className="field-error" id="goodwill-message-error">
                {issueFailure.error}
              </p>
            ) : null}
          </div>
          <button type="submit">Issue the card</button>
        </Form>
      </section>
    </>
  );
}
