import { useEffect, useId, useState } from 'react';
import { REVIEW_MESSAGES, ReviewInputSchema } from '../../../domain/reviews';
import { accountClient } from '../../lib/account-client';
import { ErrorList, Field } from '../forms';

export interface OwnReview {
  rating: number;
  title: string;
  body: string;
  status: 'pending' | 'published' | 'rejected';
}

const STATUS_NOTE: Record<OwnReview['status'], string> = {
  pending: 'Your review is waiting for our team to check it.',
  published: 'Your review is published. Editing it sends it back to our team to check.',
  rejected: 'Our team could not publish your review. You can edit it and send it again.',
};

/** A customer who bought the wine writes (or edits) their review; it waits for a moderator before it shows. */
export function ReviewForm({ itemCode, existing }: { itemCode: string; existing: OwnReview | null }) {
  const id = useId();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [body, setBody] = useState(existing?.body ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState(existing ? STATUS_NOTE[existing.status] : '');
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
      <h3 id={`${id}-title`}>{existing ? 'Edit your review' : 'Write a review'}</h3>
      <ErrorList id={`${id}-errors`} errors={errors} />
      <fieldset className="review-form__stars">
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
            {n} {n === 1 ? 'star' : 'stars'}
          </label>
        ))}
      </fieldset>
      <Field
        label="Title"
        inputProps={{
          id: `${id}-t`,
          name: 'title',
          value: title,
          maxLength: 100,
          onChange: (e) => setTitle(e.target.value),
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-b`}>Your review</label>
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
        {existing ? 'Update review' : 'Submit review'}
      </button>
      <p role="status" className="review-form__status">
        {status}
      </p>
    </form>
  );
}
