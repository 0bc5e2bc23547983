import type { ItemList, ListChange, RecommendationDetails } from '../../services/personal-lists';

// The browser's typed client for the personal-list calls of SPEC §7. Same-origin JSON with the visitor's cookies.

export type ListResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string | null };

async function call<T>(method: string, path: string): Promise<ListResult<T>> {
  try {
    const res = await fetch(path, { method, credentials: 'same-origin', headers: { accept: 'application/json' } });
    const data = (await res.json().catch(() => null)) as { statusCode?: number; statusMessage?: string; response?: T } | null;
    if (res.ok && data?.statusCode === 0 && data.response !== undefined) return { ok: true, value: data.response };
    return { ok: false, status: res.status, message: data?.statusMessage ?? null };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

const id = (itemCode: string) => encodeURIComponent(itemCode);

export const userListsClient = {
  favourites: () => call<ItemList>('GET', '/api/user/favourites/list'),
  addFavourite: (itemCode: string) => call<ListChange>('PUT', `/api/user/favourites/${id(itemCode)}`),
  removeFavourite: (itemCode: string) => call<ListChange>('PUT', `/api/user/favourites/delete/${id(itemCode)}`),
  markNotForMe: (itemCode: string) => call<ListChange>('PUT', `/api/user/donotsenditem/${id(itemCode)}`),
  unmarkNotForMe: (itemCode: string) => call<ListChange>('PUT', `/api/user/donotsenditem/delete/${id(itemCode)}`),
  recentlyBrowsed: () => call<ItemList>('GET', '/api/user/recentlybrowsed/list'),
  recommendations: () => call<ItemList<RecommendationDetails>>('GET', '/api/user/recommendations/list'),
  mixedRecommendations: () => call<ItemList<RecommendationDetails>>('GET', '/api/user/recommendations/list/mixed'),
};
