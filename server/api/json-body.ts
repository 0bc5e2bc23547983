import type { Context } from 'hono';
import { HttpError } from '../envelope';
import type { AppEnv } from '../types';

export const BAD_JSON = 'The request body must be JSON.';

/** The request's JSON body; malformed JSON is a 400 with a clear statusMessage (CONTRACT.md). */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, BAD_JSON);
  }
}
