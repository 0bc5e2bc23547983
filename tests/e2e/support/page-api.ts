import type { Page } from '@playwright/test';
import type { ApiReply } from './api-types';

/**
 * Calls a JSON API path from the page: same origin, with the browser's own cookies (a real request, no
 * mock). The page must be on a site: when it is still blank it first opens the site's robots.txt (light,
 * and no app code to race with). NOTE: page.request cannot be used: Node cannot resolve `{site}.localhost`.
 */
export async function pageApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiReply<T>> {
  if (!page.url().startsWith('http')) await page.goto('/robots.txt');
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}
