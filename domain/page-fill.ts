// A page shared by every customer of one segment (site, tier, Unlimited status, cart or not: decision 036) is
// stored without anything of theirs; each answer carries the visitor's own part as one inline script, and the
// first name (the header's welcome for a remembered visitor) in place of a slot in the page's text.

/** What each answer of a shared customer page is filled in with. */
export interface PageFill {
  email: string;
  firstName: string;
  favourites: string[];
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
