import type { I18n } from '@lingui/core';
import type { Db } from '../../db/client';
import type { ScryptCost } from '../../db/password-hash';
import type { Clock } from '../../domain/clock';
import type { Visitor } from '../../domain/identity-rules';
import type { PaymentProvider } from '../../domain/payment';
import type { Site, SiteId } from '../../domain/sites';
import type { BudgetLimits } from './budgets';
import type { ShopObserver } from './observer';
import type { ReadCache } from './read-cache';

/** What every loader and handler receives about the request it serves. */
export interface RequestContext {
  db: Db;
  clock: Clock;
  site: Site;
  isTestHost: boolean;
  requestId: string;
  /** Scheme and host the visitor used, e.g. http://vir-au.localhost:3000 */
  origin: string;
  /** The site's own origin for absolute links (configured host, never the request's Host header). */
  siteOrigin: string;
  /** Any site's own origin (an email the console sends for another site links there). */
  siteOriginOf: (siteId: SiteId) => string;
  cookies: Readonly<Record<string, string>>;
  /** Read-mostly catalogue data shared by every request of this process. */
  cache: ReadCache;
  /** The visitor's network address (X-Forwarded-For only with TRUST_PROXY), for login throttling. */
  clientAddress: string;
  /** The nonce this page's inline scripts carry (Content-Security-Policy). */
  cspNonce: string;
  /** Budgets of payment attempts, codes tried and signups (services/platform/budgets.ts). */
  budgets: BudgetLimits;
  /** Minutes after placing it a customer may cancel an order not shipped yet (ORDER_CANCEL_WINDOW_MINUTES). */
  cancelWindowMinutes: number;
  /** Bottles at or below which the console's work queue lists a product as low on stock (LOW_STOCK_BOTTLES). */
  lowStockBottles: number;
  /**
   * Whether a request may use the operator API: 'off' unless it comes from this machine to a server that left its
   * credential in DATA_DIR (server/local-operator.ts), else whether the token
   * it presents is the configured one (compared in constant time). The token itself is not handed out.
   */
  operatorAccess: (presented: string | undefined) => 'off' | 'refused' | 'allowed';
  /** The message catalogue of any locale (an order's emails are written in its own site's language). */
  messagesFor: (locale: string) => Promise<I18n>;
  /** Where contact-form messages go: CUSTOMER_SERVICE_EMAIL, else the site's own (domain/site-contacts.ts). */
  customerServiceEmail: string;
  /** Pre-sell bottles one customer may hold reserved and unpaid (PRESELL_MAX_BOTTLES). */
  presellBottleLimit: number;
  /** The scrypt cost new password hashes are made with (PASSWORD_HASH_COST). */
  passwordCost: ScryptCost;
  /** What gift card codes are hashed with (GIFT_CARD_KEY, services/gift-cards/gift-cards.ts). */
  giftCardKey: Buffer;
  /** What staff authenticators' secrets are sealed with (STAFF_KEY, services/staff/totp.ts). */
  staffKey: Buffer;
  /** The operators' metrics, when they are on (METRICS_PORT). */
  observer?: ShopObserver;
  /** Card payments (the built-in test provider unless another is plugged in). */
  payments: PaymentProvider;
  /**
   * The site's message catalogue (app/locales) for texts services write themselves, such as order emails. The
   * catalogues are compiled into the page build; without one (API tests) the English source texts are used.
   */
  messages: () => Promise<I18n>;
  /** Who is shopping (SPEC §4 tiers), from the session and remember-me cookies. */
  visitor: Visitor;
  /** The item codes a Hard Logged-In visitor has favourited, read with the login (empty for anyone else). */
  favourites: readonly string[];
  /**
   * The page is rendered once for every Prospect of its cache key (server/page-cache.ts): nothing of this
   * visitor's own (their cart's contents) may go into it; the browser fills that in from the JSON API.
   */
  sharedRender: boolean;
  /**
   * The page is rendered once for every customer of its segment (server/pipeline/segment-pages.ts): the visitor's
   * email, name and favourites are left out, and each answer fills them in (http/page-fill.ts).
   */
  pageFill: boolean;
  /**
   * On a request for a page customers share (segment-pages.ts): what the visitor's own part reads of theirs, kept as
   * their login is (services/identity/visitor-cache.ts `kept`). Absent elsewhere: read it each time.
   */
  keptOfVisitor?: <T>(kind: string, load: () => Promise<T>) => Promise<T>;
}
