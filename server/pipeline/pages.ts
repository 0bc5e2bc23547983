import type { Context, Handler } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { RequestContext } from '../../services/platform/request-context';
import type { AppEnv } from '../types';
import { answerWith } from './answer-header';

/**
 * The request as React Router must see it: the input guard has read a posted form's body already (Hono
 * keeps the bytes), so a post is rebuilt from those bytes; every other request goes as it came.
 */
export async function unreadRequest(c: Context<AppEnv>): Promise<Request> {
  const raw = c.req.raw;
  if (!raw.bodyUsed) return raw;
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: await c.req.arrayBuffer(),
    signal: raw.signal,
  });
}

/** Pages, rendered by React Router from its build with the request's context (app/entry.server.tsx). */
export function pagesFromBuild(build: ServerBuild, mode: 'development' | 'production'): Handler<AppEnv> {
  const handler = createRequestHandler(build, mode);
  const entry = build.entry.module as unknown as {
    createLoadContext(ctx: RequestContext): Parameters<typeof handler>[1];
  };
  return async (c) => answerWith(c, await handler(await unreadRequest(c), entry.createLoadContext(c.var.ctx)));
}

/** Pages rendered some other way (the dev server renders them through Vite). */
export function pagesFrom(render: (request: Request, ctx: RequestContext) => Promise<Response>): Handler<AppEnv> {
  return async (c) => answerWith(c, await render(await unreadRequest(c), c.var.ctx));
}
