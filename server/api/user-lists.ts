import { Hono } from 'hono';
import type { AppEnv } from '../types';

// SPEC §7 personal lists: favourites, not-for-me, ratings, recently browsed, recommendations.
export const userListsApi = new Hono<AppEnv>();
