import { declareErrors } from './errors';

// The console's customers (CONTRACT.md `/admin/customers`): what an erased customer's records read, and the texts a
// staff member reads when a customer request is refused. The rules of who may are domain/staff.ts's.

/** What an erase writes in place of a name, on the customer and on their orders. */
export const ERASED_NAME = 'Erased';
/** What an erase writes in place of the author of the customer's published reviews. */
export const ERASED_REVIEW_AUTHOR = 'Former customer';
/** `.invalid` is reserved (RFC 2606): an erased address can never reach a mailbox. */
const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** The unique address an erased customer's row and orders keep in place of theirs. */
export function erasedEmailOf(customerId: number): string {
  return `erased-${customerId}@${ERASED_EMAIL_DOMAIN}`;
}

export function isErasedEmail(email: string | null): boolean {
  return email?.endsWith(`@${ERASED_EMAIL_DOMAIN}`) ?? false;
}

/** What a staff member types to confirm an erase: it cannot be undone, so it is never one click. */
export const ERASE_CONFIRMATION = 'ERASE';

/** Search results a page; the customer's page lists this many orders, newest first. */
export const CUSTOMER_PAGE_SIZE = 25;
export const CUSTOMER_ORDERS_SHOWN = 100;

export const CUSTOMER_TEXTS = {
  confirmErase: `Type ${ERASE_CONFIRMATION} to confirm: an erased customer’s personal data cannot be brought back.`,
  alreadyErased: 'This customer was erased already: there is no personal data left to erase.',
  wholeShopOnly:
    'An export or an erase covers every site the customer shopped on: ask a staff member who sees every site.',
  badId: 'A customer is named by their number, such as 42.',
  badCursor: 'after is the next value of the page before.',
} as const;

export const CUSTOMER_ERRORS = /* @__PURE__ */ declareErrors({
  confirmErase: {
    kind: 'invalid',
    code: 'customers.confirm_erase',
    field: 'confirm',
    text: CUSTOMER_TEXTS.confirmErase,
  },
  alreadyErased: { kind: 'conflict', code: 'customers.already_erased', text: CUSTOMER_TEXTS.alreadyErased },
  wholeShopOnly: { kind: 'forbidden', code: 'customers.whole_shop_only', text: CUSTOMER_TEXTS.wholeShopOnly },
});
