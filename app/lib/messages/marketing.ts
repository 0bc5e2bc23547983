// Texts the marketing pages show as the server or domain/ wrote them (email signup, gift voucher form, wedding
// calculator): listed here so the catalogues carry them (see docs/features.md, Languages).

/** The email signup API's texts (services/email-signup.ts via domain/email-signup.ts). */
export const EMAIL_SIGNUP_SERVER_TEXTS = [
  /*i18n*/ { id: 'You forgot to enter an email address.' },
  /*i18n*/ { id: 'Please enter a valid email address.' },
  /*i18n*/ { id: 'Thank you, you have been subscribed.' },
  /*i18n*/ { id: 'Too many signups from your connection. Please wait an hour and try again.' },
];

/** The gift voucher form's checks (domain/gift-vouchers.ts) and the cart API's for the card (domain/cart-rules.ts). */
export const GIFT_VOUCHER_TEXTS = [
  /*i18n*/ { id: 'Enjoy your wine!' },
  /*i18n*/ { id: 'Please choose an amount.' },
  /*i18n*/ { id: 'Please enter custom amount' },
  /*i18n*/ { id: 'The amount must be at least {minimum}.' },
  /*i18n*/ { id: 'The amount must be at most {maximum}.' },
  /*i18n*/ { id: 'The e-gift card {itemCode} is worth {value}; send amount {value} or choose the custom amount card.' },
  /*i18n*/ { id: 'Please enter the custom amount in whole numbers, digits only.' },
  /*i18n*/ { id: 'Please enter the recipient name.' },
  /*i18n*/ { id: 'The recipient name can be at most 80 characters.' },
  /*i18n*/ { id: 'Please enter the recipient email address.' },
  /*i18n*/ { id: 'Please confirm the email address.' },
  /*i18n*/ { id: 'The email addresses do not match.' },
  /*i18n*/ { id: 'Please enter a gift message.' },
  /*i18n*/ { id: 'The gift message can be at most 200 characters.' },
  /*i18n*/ { id: 'Please check the sales code.' },
  /*i18n*/ { id: 'Gift vouchers are added one at a time.' },
];

/** The wedding calculator's wines (domain/wedding-calculator.ts). */
export const WEDDING_WINE_LABELS = [
  /*i18n*/ { id: 'Sparkling' },
  /*i18n*/ { id: 'Red' },
  /*i18n*/ { id: 'White' },
  /*i18n*/ { id: 'Rosé' },
];

/** The refer-a-friend link needs a login (server/api/user-auth.ts). */
export const REFERRAL_SERVER_TEXTS = [/*i18n*/ { id: 'Please log in to continue.' }];

/** What a referred friend gets (services/referrals.ts), amounts in the site's currency. */
export const REFERRAL_OFFER_TEXTS = [/*i18n*/ { id: '{amount} off an order of {minimum} or more' }];
