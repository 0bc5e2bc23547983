import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CONTACT_TEXTS } from '../../domain/contact-texts';
import { ContactMessageSchema } from '../../domain/contact';
import { isCurrent } from '../../domain/identity-rules';
import { sendContactMessage } from '../../services/marketing/contact';
import { ok } from '../envelope';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The contact form (`/contact-us`): any visitor writes to the retailer's customer service; both emails go through the
// outbox.

const ContactResultSchema = z.object({ message: z.string() });

export const contactApi = createApiRouter().openapi(
  createRoute({
    method: 'post',
    path: '/',
    summary: "Send a message to the retailer's customer service (and an acknowledgement to the sender)",
    description:
      'Budgeted per client address and per sender address (CONTACT_MESSAGES_PER_HOUR); beyond it 429. The answer’s ' +
      'message is the acknowledgement in the site’s language.',
    middleware: [readJsonBody] as const,
    request: { body: jsonBody(ContactMessageSchema) },
    responses: responses(ContactResultSchema, 'Sent: both emails are queued.', [400, 403, 429]),
  }),
  async (c) => {
    const { ctx } = c.var;
    await sendContactMessage(ctx, c.req.valid('json'), isCurrent(ctx.visitor) ? ctx.visitor.customerId : null);
    return ok(c, { message: (await ctx.messages())._(CONTACT_TEXTS.sent) });
  },
);
