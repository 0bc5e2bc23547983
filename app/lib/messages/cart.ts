import type { I18n } from '@lingui/core';

// The server's texts the cart, mini cart, checkout and Unlimited pages show as they come (API statusMessages,
// cart validations, checkout and payment refusals, zod messages of domain/). Texts with a runtime part (an item
// code, a postcode, an amount) are listed as their ICU templates (domain/message.ts): the server sends them filled
// in and already in the site's language, so the page shows them as they come.
export const CART_SERVER_TEXTS = [
  // services/cart.ts CART_MESSAGES, UPSELL_MESSAGES
  /*i18n*/ { id: 'The product is out of stock' },
  /*i18n*/ { id: 'eGift card cannot be added!' },
  /*i18n*/ { id: 'The quantity of this item cannot be changed.' },
  /*i18n*/ { id: 'That item is not in your cart.' },
  /*i18n*/ { id: 'Please choose at least one item.' },
  /*i18n*/ { id: 'You can have at most 99 of an item in your cart.' },
  /*i18n*/ { id: 'A cart can hold at most 20 e-gift cards.' },
  /*i18n*/ { id: 'That offer does not apply to {code}.' },
  /*i18n*/ { id: '{code} is not an e-gift card.' },
  /*i18n*/ { id: 'cart is missing items to qualify for the upsell offer' },
  /*i18n*/ { id: 'Eligible product removed from the cart' },
  // domain/cart-totals.ts (an order-level adjustment's name), server/legacy.ts (the add-on success modal's title)
  /*i18n*/ { id: 'Order Discount' },
  /*i18n*/ { id: 'Added to your cart' },
  // domain/catalogue-inputs.ts, domain/cart-rules.ts
  /*i18n*/ { id: 'Please enter a valid item code.' },
  /*i18n*/ { id: 'Each item needs an itemCode.' },
  /*i18n*/ { id: 'Please enter a 4-digit postcode.' },
  /*i18n*/ { id: 'Please enter a quantity from 1 to 99.' },
  /*i18n*/ { id: 'We could not find a product with item code {code}.' },
  /*i18n*/ { id: 'We could not find a case with code {code}.' },
  /*i18n*/ { id: 'We could not find the postcode {postcode}.' },
  /*i18n*/ { id: 'There is no offer list named {name}.' },
  // domain/vouchers.ts VOUCHER_MESSAGES
  /*i18n*/ { id: 'That voucher code is not valid.' },
  /*i18n*/ { id: 'Voucher expired' },
  /*i18n*/ { id: 'That voucher cannot be used yet.' },
  /*i18n*/ { id: 'That voucher cannot be used on this site.' },
  /*i18n*/ { id: 'You have already used this voucher.' },
  /*i18n*/ { id: 'Your referral code is for your friends: it cannot be used on your own orders.' },
  /*i18n*/ { id: 'A cart can hold at most 50 different items. Please check out or remove some first.' },
  /*i18n*/ { id: 'An order can be at most {amount}. Please split it into smaller orders.' },
  /*i18n*/ { id: 'Too many codes tried. Please wait an hour and try again.' },
  /*i18n*/ { id: 'Too many payment attempts. Please wait an hour and try again.' },
  /*i18n*/ { id: 'This voucher needs an order of at least {amount}.' },
  /*i18n*/ {
    id: 'This voucher needs an order of at least {bottles, plural, one {{bottles} bottle} other {{bottles} bottles}}.',
  },
  /*i18n*/ { id: 'Only one voucher can be used per order. Remove {current} first.' },
  /*i18n*/ { id: 'That voucher is not on your cart.' },
  /*i18n*/ { id: 'Unfortunately the voucher code you have entered appears to be invalid.' },
  // domain/unlimited.ts UNLIMITED_MESSAGES
  /*i18n*/ { id: 'You are already an Unlimited member.' },
  /*i18n*/ { id: 'Your Unlimited membership is suspended. Please contact us to reactivate it.' },
  /*i18n*/ { id: 'Unlimited is already in your cart.' },
  /*i18n*/ { id: 'Unlimited is not available on this site.' },
  /*i18n*/ { id: "Unlimited isn't available for delivery to {postcode}." },
  // domain/checkout.ts CHECKOUT_MESSAGES and the checkout form's schema
  /*i18n*/ { id: 'Your cart is empty: add some wine before you check out.' },
  /*i18n*/ { id: 'Please sort out the items marked in your cart before you check out.' },
  /*i18n*/ { id: 'Sorry, {name} has just sold out. Please remove it from your cart.' },
  /*i18n*/ {
    id: 'Sorry, only {left, plural, one {{left} bottle of {name} is} other {{left} bottles of {name} are}} left. Please lower the quantity in your cart.',
  },
  /*i18n*/ { id: 'Please keep this under {maximum} characters.' },
  /*i18n*/ { id: 'Please log in or create an account to join Unlimited.' },
  /*i18n*/ {
    id: 'Pre-sell wines are reserved without payment, at most {limit} bottles per customer until they ship. Please lower the pre-sell quantity in your cart.',
  },
  /*i18n*/ { id: 'Unlimited is not available for this delivery postcode. Please remove it from your cart.' },
  /*i18n*/ { id: 'We don’t deliver to that postcode. Please check it.' },
  /*i18n*/ { id: 'Please choose one of your saved addresses.' },
  /*i18n*/ { id: 'Please enter a valid email address.' },
  /*i18n*/ { id: 'This checkout was already used for another order. Please reload the page.' },
  /*i18n*/ { id: 'Please enter a first name.' },
  /*i18n*/ { id: 'Please enter a last name.' },
  /*i18n*/ { id: 'Please enter the street address.' },
  /*i18n*/ { id: 'Please enter the suburb or town.' },
  /*i18n*/ { id: 'Please enter a postcode.' },
  /*i18n*/ { id: 'Please enter a valid postcode.' },
  /*i18n*/ { id: 'Please enter a valid phone number.' },
  /*i18n*/ { id: 'The checkout form is out of date. Please reload the page.' },
  /*i18n*/ { id: 'Please enter a delivery address.' },
  /*i18n*/ { id: 'Please enter a billing address.' },
  /*i18n*/ { id: 'Please remove the control characters from what you entered.' },
  // domain/payment.ts PAYMENT_MESSAGES
  /*i18n*/ { id: 'Your card was declined.' },
  /*i18n*/ { id: 'Please enter a valid card number.' },
  /*i18n*/ { id: 'Please enter the card’s expiry date as MM/YY.' },
  /*i18n*/ { id: 'This card has expired.' },
  /*i18n*/ { id: 'Please enter the 3-digit security code (CVC).' },
  /*i18n*/ { id: 'This shop takes test cards only: use 4242 4242 4242 4242.' },
  // server/app.ts, server/envelope.ts, server/input-guard.ts: what any API call can answer
  /*i18n*/ { id: 'Something went wrong. Please try again later.' },
  /*i18n*/ { id: 'This request came from another site and was refused.' },
  /*i18n*/ { id: 'The request is too large: at most {size} KB may be sent.' },
];

/**
 * A text from the server (or one of the page's own fixed messages) in the page's language: its catalogue entry
 * when it has one, otherwise the text as sent (a message with a runtime part): the catalogue's `missing` handler
 * (app/lib/i18n.ts) answers the text itself, never compiled as a pattern.
 */
export function shownText(i18n: I18n, text: string): string;
export function shownText(i18n: I18n, text: string | null | undefined): string | null;
export function shownText(i18n: I18n, text: string | null | undefined): string | null {
  if (!text) return text ?? null;
  return i18n._(text);
}
