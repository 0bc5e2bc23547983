import type { AnalyticsEvent } from '../../domain/page-types';

/** Pushes one event to window.dataLayer (CONTRACT.md "In every page"). */
export function track(event: AnalyticsEvent): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(event);
}
