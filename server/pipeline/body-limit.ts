import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { message } from '../../domain/message';
import { failWith } from '../envelope';
import type { AppEnv } from '../types';
import { declaresNoBody } from './input-guard';

/**
 * One request body is at most `maxBytes` (the JSON API and form posts need a few KB): beyond it 413. A request that
 * declares no body passes by its headers, without hono's bodyLimit building the web Request to look.
 */
export function limitBodies(maxBytes: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      failWith(
        c,
        413,
        message(/*i18n*/ 'The request is too large: at most {size} KB may be sent.', {
          size: Math.floor(maxBytes / 1024),
        }),
      ),
  });
  return (c, next) => (declaresNoBody(c) ? next() : limit(c, next));
}
