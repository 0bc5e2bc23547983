// SPEC §2 page types, carried in window.pageData.pageType.
export const PAGE_TYPES = [
  'homepage',
  'homepage_responsive',
  'category',
  'search',
  'product_responsive',
  'shopping_cart',
  'checkout',
  'order_confirmation',
  'customer_service',
  'landingpage',
  'aboutus',
  'account_new',
  'error_page',
  'registration',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export type VisitorType = 'Prospect' | 'Current';
export type VisitorTypeDetailed = 'Prospect' | 'Soft Logged-In' | 'Hard Logged-In';

export interface PageData {
  visitorType: VisitorType;
  visitorTypeDetailed: VisitorTypeDetailed;
  brand: string;
  country: string;
  dataAreaId: string;
  email: string;
  userLocale: string;
  pageType: PageType;
}

export interface AnalyticsEvent {
  event: string;
  eventCategory: string;
  eventAction: string;
  eventLabel: string;
  [key: string]: unknown;
}

export function missingImageEvent(url: string): AnalyticsEvent {
  return { event: 'gaEvent', eventCategory: 'Errors', eventAction: 'Missing Image', eventLabel: url };
}
