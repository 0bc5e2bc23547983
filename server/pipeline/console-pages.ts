import type { Handler } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppEnv } from '../types';
import { answerWith } from './answer-header';
import { presentedStaffToken } from './console';
import { unreadRequest } from './pages';

/** The console's context of a request (admin/app/context.ts), built by the console's own entry (decision 041). */
interface ConsoleEntry {
  createLoadContext(context: {
    ctx: AppEnv['Variables']['ctx'];
    staff: AppEnv['Variables']['staff'] | null;
    sessionToken: string | undefined;
  }): Parameters<ReturnType<typeof createRequestHandler>>[1];
}

/** The console's pages under /admin, rendered by its own React Router build with the staff member of the request. */
export function consolePagesFromBuild(build: ServerBuild, mode: 'development' | 'production'): Handler<AppEnv> {
  const handler = createRequestHandler(build, mode);
  const entry = build.entry.module as unknown as ConsoleEntry;
  return async (c) => {
    const { ctx } = c.var;
    const context = entry.createLoadContext({
      ctx,
      staff: c.var.staff ?? null,
      sessionToken: presentedStaffToken(ctx.cookies, ctx.origin),
    });
    return answerWith(c, await handler(await unreadRequest(c), context));
  };
}
