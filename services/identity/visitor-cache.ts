import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { Clock } from '../../domain/clock';
import { type ResolvedVisitor, resolveVisitor, type SessionTokens, VISITOR_TOUCH_EVERY_MS } from './identity';

/**
 * The visitors behind login cookies, kept a short while for the shared customer pages (decision 036): a login
 * looked up once serves that customer's next pages without a query. Every change to what the look-up reads
 * (the customer's email and name, favourites, Unlimited status, a login ended) is announced by the database
 * itself, from triggers (migration 0028), on VISITOR_CHANGES_CHANNEL with the customer's id, to every process;
 * `drop` forgets that customer. An entry is used only until its session's last-seen time is due to be written
 * again (the look-up writes it), so a kept login never outlives its idle limit.
 */
export const VISITOR_CHANGES_CHANNEL = 'storefront_visitor_changes';

interface Kept {
  resolved: ResolvedVisitor;
  customerId: number;
  /** Used until then (the session's touch falls due; a remembered login's own limit). */
  until: number;
  /** The change count when its look-up began: a change announced since then makes it stale. */
  since: number;
}

export interface VisitorCache {
  /** The visitor behind the tokens, from a kept look-up when one stands, else looked up (and kept). */
  resolve(db: Db, clock: Clock, tokens: SessionTokens): Promise<ResolvedVisitor>;
  /**
   * Something else a customer's shared pages read of theirs (`kind` names it: the product page's facts), kept as their
   * login is: `load` runs again once a change to the customer is announced, the cache is cleared, or 60 s pass.
   */
  kept<T>(kind: string, customerId: number, now: number, load: () => Promise<T>): Promise<T>;
  /** A mark to hold beside something made of a customer's data: `unchanged` answers whether it still stands. */
  stamp(): number;
  /** No change to the customer was announced (and nothing cleared) since `since` was stamped. */
  unchanged(customerId: number, since: number): boolean;
  /** A change to this customer was announced: their kept look-ups are not used again. */
  drop(customerId: number): void;
  /** Nothing kept is used again (the announcements may have been missed). */
  clear(): void;
}

const KEEP_MS = VISITOR_TOUCH_EVERY_MS;

export function createVisitorCache(options: { maxEntries: number }): VisitorCache {
  const kept = new LRUCache<string, Kept>({ max: Math.max(1, options.maxEntries) });
  /** Goes up with every announcement; `changedAt` holds the count at each customer's latest. */
  let changes = 0;
  let clearedAt = 0;
  // A customer's latest change pushed out of the list makes all that was stamped before it stale.
  const changedAt = new LRUCache<number, number>({
    max: Math.max(1, options.maxEntries),
    dispose: (count, _customerId, reason) => {
      if (reason === 'evict') clearedAt = Math.max(clearedAt, count);
    },
  });
  const facts = new LRUCache<string, { value: unknown; customerId: number; until: number; since: number }>({
    max: Math.max(1, options.maxEntries),
  });
  const unchanged = (customerId: number, since: number) =>
    since >= clearedAt && since >= (changedAt.get(customerId) ?? -1);
  const fresh = (entry: { customerId: number; until: number; since: number } | undefined, now: number) =>
    entry !== undefined && now < entry.until && unchanged(entry.customerId, entry.since);
  const keyOf = (tokens: SessionTokens) =>
    createHash('sha256')
      .update(`${tokens.session ?? ''}\n${tokens.remember ?? ''}`)
      .digest('base64url');
  return {
    async resolve(db, clock, tokens) {
      const key = keyOf(tokens);
      const now = clock.now().getTime();
      const entry = kept.get(key);
      if (entry && fresh(entry, now)) return entry.resolved;
      const since = changes;
      const resolved = await resolveVisitor(db, clock, tokens);
      const { visitor, stale } = resolved;
      if (visitor.customerId !== null && !stale.session && !stale.remember)
        kept.set(key, {
          resolved,
          customerId: visitor.customerId,
          until: Math.min(now + KEEP_MS, resolved.endsAt ?? now),
          since,
        });
      else kept.delete(key);
      return resolved;
    },
    async kept<T>(kind: string, customerId: number, now: number, load: () => Promise<T>): Promise<T> {
      const key = `${kind}:${customerId}`;
      const entry = facts.get(key);
      if (entry && fresh(entry, now)) return entry.value as T;
      const since = changes;
      const value = await load();
      facts.set(key, { value, customerId, until: now + KEEP_MS, since });
      return value;
    },
    stamp: () => changes,
    unchanged,
    drop(customerId) {
      changes++;
      changedAt.set(customerId, changes);
    },
    clear() {
      changes++;
      clearedAt = changes;
      kept.clear();
      facts.clear();
    },
  };
}
