// A page shared by every customer of one segment (site, tier, Unlimited status, cart or not: decision 036) is
// stored without anything of theirs; each answer carries the visitor's own part as one inline script, and the
// first name (the header's welcome for a remembered visitor) in place of a slot in the page's text.

/** What each answer of a shared customer page is filled in with. `Review` is the product page's review state. */
export interface PageFill<Review = unknown> {
  email: string;
  firstName: string;
  favourites: string[];
  /** Product pages, Hard Logged-In: the review the visitor may write (null: they have not bought the wine). */
  ownReview?: Review;
  /** Product pages: the visitor's delivery postcode (Unlimited's area), for a visitor without a cart. */
  postcode?: string | null;
}

/** The global the filled-in script sets (`window.__pageFill`). */
export const PAGE_FILL_GLOBAL = '__pageFill';

/** Written where the first name goes in a shared page's text; each answer replaces it with the visitor's. */
export const FIRST_NAME_SLOT = '__first_name_slot__';

/**
 * Set by every page's own inline script, so only a browser that runs scripts has it: customers whose browser has
 * it get shared pages (which their scripts fill in); the others get pages rendered for them alone.
 */
export const SCRIPT_COOKIE = 'sf_js';
