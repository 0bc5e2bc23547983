// Texts of domain/ and the API that the login, registration, account and favourites screens show as they come
// (through `i18n._(text)`): listed here so that they are in the catalogues. Each is checked to still be sent
// (tests/api/i18n-catalogues.test.ts). Texts built from parts (the favourite login prompts, the registration name
// messages) are listed next to their component instead, with a test against the function that builds them.

/** domain/identity-rules.ts LOGIN_MESSAGES: the login, registration and password forms and the API's answers. */
export const LOGIN_TEXTS = [
  /*i18n*/ { id: 'Please enter a valid email address' },
  /*i18n*/ { id: 'Password is required' },
  /*i18n*/ { id: 'Password must be 8-16 characters and contain at least one number and one letter.' },
  /*i18n*/ { id: 'The email address or password you entered is incorrect.' },
  /*i18n*/ { id: 'Too many failed login attempts. Please wait 15 minutes and try again.' },
  /*i18n*/ { id: 'Something went wrong. Please try again later.' },
  /*i18n*/ { id: 'An account with this email address already exists. Please log in instead.' },
  /*i18n*/ { id: 'Too many accounts have been created from this address. Please try again in an hour.' },
  /*i18n*/ { id: 'Too many attempts to change the password. Please wait 15 minutes and try again.' },
];

/** domain/identity-rules.ts ACCOUNT_EMAIL_MESSAGES: confirming the email address. */
export const ACCOUNT_EMAIL_TEXTS = [
  /*i18n*/ { id: 'This link is no longer valid. Please ask for a new one from your account.' },
  /*i18n*/ { id: 'Thank you: your email address is confirmed.' },
  /*i18n*/ { id: 'Your email address is already confirmed.' },
  /*i18n*/ { id: 'We have sent a new link to your email address.' },
  /*i18n*/ { id: 'Too many emails asked for. Please wait an hour and try again.' },
  /*i18n*/ {
    id: 'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.',
  },
  /*i18n*/ { id: 'This link is no longer valid. Please ask for a new one on the forgotten password page.' },
  /*i18n*/ { id: 'Your password has been changed. Please log in with your new password.' },
];

/** The account area's answers (domain/account-rules.ts ACCOUNT_MESSAGES, services/identity.ts, server/api/user-auth.ts). */
export const ACCOUNT_TEXTS = [
  /*i18n*/ { id: 'You will receive our emails.' },
  /*i18n*/ { id: 'You will no longer receive our emails.' },
  /*i18n*/ { id: 'Your password has been changed.' },
  /*i18n*/ { id: 'Your current password is not correct.' },
  /*i18n*/ { id: 'Please log in to continue.' },
];

/** The favourite control (domain/identity-rules.ts FAVOURITE_TITLES) and the list service's answers. */
export const FAVOURITE_TEXTS = [
  /*i18n*/ { id: 'Add to favourites' },
  /*i18n*/ { id: 'Adding...' },
  /*i18n*/ { id: 'Remove from favourites' },
  /*i18n*/ { id: 'Removing...' },
  /*i18n*/ { id: 'We could not find that product.' },
];

/** Wine colours (domain/categories.ts COLOUR_NAMES) on the taste preferences page. */
export const COLOUR_TEXTS = [
  /*i18n*/ { id: 'Red' },
  /*i18n*/ { id: 'White' },
  /*i18n*/ { id: 'Rosé' },
  /*i18n*/ { id: 'Sparkling' },
  /*i18n*/ { id: 'Dessert' },
  /*i18n*/ { id: 'Fortified' },
  /*i18n*/ { id: 'Mixed case' },
  /*i18n*/ { id: 'Other' },
];

/** Cellaring advice (domain/cellaring.ts CELLARING_TEXT) in the wine cellar. */
export const CELLARING_TEXTS = [
  /*i18n*/ { id: 'Ready now' },
  /*i18n*/ { id: 'Cellar for 2-5 years' },
  /*i18n*/ { id: 'Cellar for 5-10 years' },
  /*i18n*/ { id: 'Cellar for 10-15 years' },
  /*i18n*/ { id: 'Cellar for 15+ years' },
];
