import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { EmailSignupBodySchema } from '../../domain/email-signup';
import { spendSignup } from '../budget-guards';
import { signUpForEmails } from '../../services/marketing/email-signup';
import { ok } from '../envelope';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// Email signup (SPEC §5, §7): any visitor, any variant; the list service is called later by the outbox.

const SignupResultSchema = z.object({ message: z.string() });

export const emailSignupApi = createApiRouter().openapi(
  createRoute({
    method: 'post',
    path: '/signup',
    summary: 'Sign an address up for the site’s email newsletter (idempotent per site and address)',
    middleware: [readJsonBody] as const,
    request: { body: jsonBody(EmailSignupBodySchema) },
    responses: responses(
      SignupResultSchema,
      'Subscribed; message is the success text in the site’s language.',
      [400, 403, 429],
    ),
  }),
  async (c) => {
    const { db, site, clock } = c.var.ctx;
    const { email, variant } = c.req.valid('json');
    await spendSignup(c);
    const { message } = await signUpForEmails(db, site, email, variant, clock.now());
    return ok(c, { message });
  },
);
