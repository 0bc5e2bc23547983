import { z } from 'zod';
import { type StateMachine, stateMachine } from './state-machine';

// Customer reviews (SPEC §7 "A review service (submit review, get author)", §2 "a reviews page of a named
// author"): what a review may say, how its author is named and found. One schema for the form and the API.

export const REVIEW_MESSAGES = {
  rating: /*i18n*/ 'Please choose a rating from 1 to 5 stars.',
  title: /*i18n*/ 'Please give your review a title.',
  titleLong: /*i18n*/ 'The title must be 100 characters or fewer.',
  body: /*i18n*/ 'Please tell us what you thought of the wine.',
  bodyLong: /*i18n*/ 'Your review must be 2000 characters or fewer.',
  notBought: /*i18n*/ 'You can review wines you have bought from us.',
  pending: /*i18n*/ 'Thank you: your review will appear once our team has checked it.',
} as const;

export const ReviewInputSchema = z.object(
  {
    rating: z.coerce
      .number({ error: REVIEW_MESSAGES.rating })
      .int(REVIEW_MESSAGES.rating)
      .min(1, REVIEW_MESSAGES.rating)
      .max(5, REVIEW_MESSAGES.rating),
    title: z
      .string({ error: REVIEW_MESSAGES.title })
      .trim()
      .min(1, REVIEW_MESSAGES.title)
      .max(100, REVIEW_MESSAGES.titleLong),
    body: z
      .string({ error: REVIEW_MESSAGES.body })
      .trim()
      .min(1, REVIEW_MESSAGES.body)
      .max(2_000, REVIEW_MESSAGES.bodyLong),
  },
  { error: 'The review must be a JSON object with rating, title and body.' },
);

export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/**
 * A review waits for a moderator (pending), who publishes or rejects it, and may change their mind; the author's
 * edit sends it back to wait. Only published reviews show or count.
 */
export const REVIEW_STATUS = stateMachine({
  pending: ['published', 'rejected'],
  published: ['pending', 'rejected'],
  rejected: ['pending', 'published'],
});
export type ReviewStatus = typeof REVIEW_STATUS extends StateMachine<infer S> ? S : never;

/** How a customer signs a review: first name and the initial of the last ("Sophie N."). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** The author page's address part; the database's reviews.author_slug column computes the same. */
export function authorSlug(author: string): string {
  return author
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A product's rating from its published reviews: average to one decimal, and how many. */
export function summariseRatings(ratings: readonly number[]): { ratingAverage: number; ratingCount: number } {
  if (ratings.length === 0) return { ratingAverage: 0, ratingCount: 0 };
  const sum = ratings.reduce((a, b) => a + b, 0);
  return { ratingAverage: Math.round((sum / ratings.length) * 10) / 10, ratingCount: ratings.length };
}
