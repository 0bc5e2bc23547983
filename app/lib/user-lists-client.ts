import type { ItemList, ListChange, RecommendationDetails } from '../../services/personal/lists';
import { messageOf, requestApi, succeeded } from './api-request';

// The browser's typed client for the personal-list calls of SPEC §7.

export type ListResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string | null };

async function call<T>(method: string, path: string): Promise<ListResult<T>> {
  const reply = await requestApi<T>(method, path);
  if (succeeded(reply) && reply.body.response !== undefined) return { ok: true, value: reply.body.response };
  return { ok: false, status: reply.status, message: messageOf(reply) };
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
