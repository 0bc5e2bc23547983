import { useLingui } from '@lingui/react';
import { useEffect, useId, useState } from 'react';
import { REVIEW_MESSAGES, ReviewInputSchema } from '../../../domain/reviews';
import { accountClient } from '../../lib/account-client';
import { ErrorList, Field } from '../forms';
import type { ReviewStatus } from '../../../domain/reviews';

export interface OwnReview {
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
}

const STATUS_NOTE: Record<OwnReview['status'], { id: string }> = {
  pending: /*i18n*/ { id: 'Your review is waiting for our team to check it.' },
  published: /*i18n*/ { id: 'Your review is published. Editing it sends it back to our team to check.' },
  rejected: /*i18n*/ { id: 'Our team could not publish your review. You can edit it and send it again.' },
};

/** A customer who bought the wine writes (or edits) their review; it waits for a moderator before it shows. */
export function ReviewForm({ itemCode, existing }: { itemCode: string; existing: OwnReview | null }) {
  const id = useId();
  const { i18n } = useLingui();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [body, setBody] = useState(existing?.body ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState(existing ? STATUS_NOTE[existing.status].id : '');
  const [busy, setBusy] = useState(false);
  // NOTE: this form is a lazy chunk, so it hydrates after the rest of the page; until then a click would submit
  // the bare HTML form (a GET of this page). `data-ready` tells a test (or a script) when it is live.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ReviewInputSchema.safeParse({ rating, title, body });
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setErrors([]);
    setBusy(true);
    const result = await accountClient.submitReview(itemCode, parsed.data);
    setBusy(false);
    if (result.ok) setStatus(REVIEW_MESSAGES.pending);
    else setErrors([result.message]);
  };

  return (
    <form
      className="review-form"
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      noValidate
      data-ready={ready || undefined}
    >
      <h3 id={`${id}-title`}>{existing ? i18n._('Edit your review') : i18n._('Write a review')}</h3>
      <ErrorList id={`${id}-errors`} errors={errors.map((e) => i18n._(e))} />
      <fieldset className="review-form__stars">
        <legend>{i18n._('Your rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
            {i18n._('{count, plural, one {{count} star} other {{count} stars}}', { count: n })}
          </label>
        ))}
      </fieldset>
      <Field
        label={i18n._('Title')}
        inputProps={{
          id: `${id}-t`,
          name: 'title',
          value: title,
          maxLength: 100,
          onChange: (e) => setTitle(e.target.value),
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-b`}>{i18n._('Your review')}</label>
        <textarea
          id={`${id}-b`}
          name="body"
          rows={5}
          maxLength={2000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {existing ? i18n._('Update review') : i18n._('Submit review')}
      </button>
      <p role="status" className="review-form__status">
        {status ? i18n._(status) : ''}
      </p>
    </form>
  );
}
