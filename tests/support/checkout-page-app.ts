import { RouterContextProvider } from 'react-router';
import { appContext } from '../../app/context';
import { action } from '../../app/routes/checkout';
import type { RequestContext } from '../../services/platform/request-context';

/**
 * The checkout page's own action behind POST /checkout, for an app made in API tests (they have no page build): what
 * it answers is the action's data as JSON, or its redirect.
 */
export const checkoutActionPage = async (request: Request, ctx: RequestContext): Promise<Response> => {
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  const answer = await action({ request, context, params: {}, unstable_pattern: '/checkout' } as never);
  if (answer instanceof Response) return answer;
  return Response.json(answer.data, { status: answer.init?.status ?? 200 });
};
