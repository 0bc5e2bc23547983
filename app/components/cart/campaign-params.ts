// SPEC §2/§4: the URL parameters of an email campaign link (…?dw_brontoItem=D0001&dw_brontoCase=D0002-6) and of a
// voucher link (…?promoCode=WELCOME20).

export const SINGLE_KEYS = ['dw_brontoItem', 'dw_brontoSingle'] as const;
export const CASE_KEYS = ['dw_brontoCase', 'dw_brontoCaseSingle'] as const;
export const QUANTITY_KEY = 'dw_brontoQuantity';
/** Every campaign parameter leaves the URL once read, so a reload does not add twice. */
export const CAMPAIGN_KEYS = [...SINGLE_KEYS, ...CASE_KEYS, QUANTITY_KEY, 'dw_addOnTemplate'];
export const VOUCHER_KEYS = ['promoCode', 'code'] as const;

/** Whether a URL's parameters carry a campaign or a voucher, which the campaign prefill reads on arrival. */
export function hasCampaignParams(params: URLSearchParams): boolean {
  return [...CAMPAIGN_KEYS, ...VOUCHER_KEYS].some((key) => params.has(key));
}
