import { addressApi } from './address';
import { adminApi } from './admin';
import { consoleStaffApi, operatorStaffApi } from './admin-staff';
import { adminCustomersApi } from './admin-customers';
import { adminOrdersApi } from './admin-orders';
import { adminProductsApi } from './admin-products';
import { adminVouchersApi } from './admin-vouchers';
import { adminGiftCardsApi } from './admin-gift-cards';
import { adminReviewsApi } from './admin-reviews';
import { adminContentApi } from './admin-content';
import { authenticationApi } from './authentication';
import { cartApi } from './cart';
import { checkoutApi } from './checkout';
import { contactApi } from './contact';
import { emailSignupApi } from './email-signup';
import { giftCardsApi } from './gift-cards';
import { itemListApi } from './itemlist';
import { offerApi } from './offer';
import { operatorApi } from './operator';
import { productApi } from './product';
import { reviewsApi, userReviewsApi } from './reviews';
import { createApiRouter } from './router';
import { similarWinesApi } from './similar-wines';
import { suggestionsApi } from './suggestions';
import { userAccountApi } from './user-account';
import { userListsApi } from './user-lists';
import { userReferralApi } from './user-referral';
import { userVouchersApi } from './user-vouchers';

export const OPENAPI_PATH = '/api/openapi.json';

/** Every JSON API call of SPEC §7 at its path, and the OpenAPI 3.1 document that describes them. */
export function jsonApi() {
  const api = createApiRouter()
    .route('/api/product', productApi)
    .route('/api/itemlist', itemListApi)
    .route('/api/address', addressApi)
    .route('/api/cart', cartApi)
    .route('/api/offer', offerApi)
    .route('/api/email', emailSignupApi)
    .route('/api/contact', contactApi)
    .route('/api/checkout', checkoutApi)
    .route('/api/gift-cards', giftCardsApi)
    .route('/api/authentication', authenticationApi)
    .route('/api/user', userListsApi)
    .route('/api/user', userAccountApi)
    .route('/api/user', userVouchersApi)
    .route('/api/user', userReviewsApi)
    .route('/api/user', userReferralApi)
    .route('/api/reviews', reviewsApi)
    .route('/api/operator/staff', operatorStaffApi)
    .route('/api/operator', operatorApi)
    .route('/api/admin/orders', adminOrdersApi)
    .route('/api/admin/customers', adminCustomersApi)
    .route('/api/admin/staff', consoleStaffApi)
    .route('/api/admin/products', adminProductsApi)
    .route('/api/admin/vouchers', adminVouchersApi)
    .route('/api/admin/gift-cards', adminGiftCardsApi)
    .route('/api/admin/reviews', adminReviewsApi)
    .route('/api/admin/content', adminContentApi)
    .route('/api/admin', adminApi)
    .route('/jsp/api/us/similar_wines_json.jsp', similarWinesApi)
    .route('/search/suggestions', suggestionsApi);
  // NOTE: the document is made once, on first request: generating it costs several milliseconds, and it
  // cannot change while the process runs.
  let document: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  api.get(OPENAPI_PATH, (c) => {
    document ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Wine storefront JSON API',
        version: '1.0.0',
        description:
          'SPEC §7. Success: {statusCode: 0, response}. Failure: {statusCode, statusMessage} with a 4xx/5xx status.',
      },
    });
    return c.json(document);
  });
  return api;
}
