import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { productPath } from '../../../domain/product-path';
import { ModerateReviewsSchema, ReviewQueueQuerySchema } from '../../../domain/staff-moderation';
import { staffModerateReviews, staffReviewQueue } from '../../../services/staff/reviews';
import { FormError } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/reviews (CONTRACT.md): the reviews waiting for a moderator, oldest first, a page at a time. One POST form
// holds the page: tick reviews and approve or reject them at once, or use a review's own buttons. No JavaScript
// needed; an approved review is on its product's page at once (services/reviews moderateReviews).

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const after = ReviewQueueQuerySchema.shape.after.safeParse(
    new URL(args.request.url).searchParams.get('after') || undefined,
  );
  const page = await refusalsAsPages(() =>
    staffReviewQueue(ctx.db, ctx.clock, staffRequest, { afterId: after.success ? after.data : undefined }),
  );
  return {
    waiting: page.waiting,
    reviews: page.reviews.map((r) => ({
      id: r.id,
      itemCode: r.itemCode,
      productName: r.productName,
      productPath: productPath({ slug: r.productSlug, vintage: r.productVintage, itemCode: r.itemCode }),
      author: r.location ? `${r.author}, ${r.location}` : r.author,
      rating: r.rating,
      title: r.title,
      body: r.body,
      createdAt: `${when.format(r.createdAt)} UTC`,
    })),
    nextLink: page.next ? `/reviews?after=${page.next}` : null,
    firstPage: !after.success || after.data === undefined,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const form = await args.request.formData();
  // A review's own button names the decision and the review ("approve:12"); the page's buttons decide the ticked.
  const single = /^(approve|reject):(\d{1,10})$/.exec(String(form.get('single') ?? ''));
  const input = ModerateReviewsSchema.safeParse(
    single ? { decision: single[1], ids: [single[2]] } : { decision: form.get('decision'), ids: form.getAll('ids') },
  );
  if (!input.success) {
    const issue = input.error.issues[0];
    return { error: issue?.message ?? '', field: issue?.path[0] === 'decision' ? 'decision' : 'ids', code: 'invalid' };
  }
  try {
    const { decision, ids } = input.data;
    const result = await refusalsAsPages(() => staffModerateReviews(ctx.db, ctx.clock, staffRequest, ids, decision));
    const n = result.changed.length;
    const what = decision === 'approve' ? 'approved: it shows on its product page now' : 'rejected';
    const done =
      n === 0
        ? 'Nothing changed: those reviews were decided already.'
        : n === 1
          ? `One review ${what}.`
          : `${n} reviews ${decision === 'approve' ? 'approved: they show on their product pages now' : 'rejected'}.`;
    return { done };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = () => [{ title: 'Reviews · Console' }];

export default function Reviews() {
  const { waiting, reviews, nextLink, firstPage } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const failure = result && 'error' in result ? { error: result.error ?? '', field: result.field ?? null } : undefined;
  const idsInvalid = failure?.field === 'ids';
  return (
    <>
      <h1>Reviews</h1>
      <p>
        {waiting === 0
          ? 'No reviews are waiting.'
          : `${waiting} ${waiting === 1 ? 'review waits' : 'reviews wait'} for a decision, oldest first.`}
      </p>
      {result && 'done' in result ? (
        <p role="status" className="notice">
          {result.done}
        </p>
      ) : null}
      {idsInvalid ? <FormError failure={undefined} /> : <FormError failure={failure} />}
      {reviews.length > 0 ? (
        <Form method="post" aria-labelledby="queue-title">
          <h2 id="queue-title" className="visually-hidden">
            Reviews waiting
          </h2>
          <ul className="review-queue">
            {reviews.map((r) => (
              <li key={r.id} className="review-item">
                <article aria-labelledby={`review-${r.id}-title`}>
                  <label className="check">
                    <input type="checkbox" name="ids" value={r.id} aria-describedby={`review-${r.id}-title`} />
                    Select review #{r.id}
                  </label>
                  <h3 id={`review-${r.id}-title`}>{r.title}</h3>
                  <p className="review-facts">
                    <a href={r.productPath}>
                      {r.productName} ({r.itemCode})
                    </a>{' '}
                    · <span className="visually-hidden">Rated {r.rating} out of 5</span>
                    <span aria-hidden="true">{'★'.repeat(r.rating)}</span> · {r.author} · {r.createdAt}
                  </p>
                  <p className="review-body">{r.body}</p>
                  <div className="actions">
                    <button
                      type="submit"
                      name="single"
                      value={`approve:${r.id}`}
                      aria-label={`Approve review #${r.id}`}
                      disabled={busy}
                    >
                      Approve
                    </button>
                    <button
                      type="submit"
                      name="single"
                      value={`reject:${r.id}`}
                      className="secondary"
                      aria-label={`Reject review #${r.id}`}
                      disabled={busy}
                    >
                      Reject
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <fieldset aria-describedby={idsInvalid ? 'ids-error' : 'ids-hint'}>
            <legend>The ticked reviews</legend>
            <p className="hint" id="ids-hint">
              Tick the reviews above, then decide on them all at once.
            </p>
            {idsInvalid ? (
              <p className="field-error" id="ids-error" role="alert">
                {failure?.error}
              </p>
            ) : null}
            <div className="actions">
              <button type="submit" name="decision" value="approve" disabled={busy}>
                Approve ticked
              </button>
              <button type="submit" name="decision" value="reject" className="secondary" disabled={busy}>
                Reject ticked
              </button>
            </div>
          </fieldset>
        </Form>
      ) : null}
      <p className="action-row">
        {firstPage ? null : <Link to="/reviews">First page</Link>}
        {nextLink ? <Link to={nextLink}>Newer reviews</Link> : null}
      </p>
    </>
  );
}
