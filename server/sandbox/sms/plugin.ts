import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { field, sendPage } from '../page.ts';
import { createSmsInbox, type SmsInbox } from './sms-inbox.ts';
import { smsPage } from './sms-page.ts';

/**
 * SMS gateway simulator: the send endpoint the broker's SMS gateway client posts to (SMS_URL), and the
 * tester's view of what arrived. Any bearer key, or none, is accepted.
 *
 *   POST {prefix}/api/messages           JSON { to, text } → 202 { id }; 400 otherwise
 *   GET  {prefix}                        the messages, newest first, ?to= filters by number (HTML)
 *   GET  {prefix}/messages.json?to=...   the same as JSON [{ to, text, receivedAt }]
 */

export interface SmsSandboxOptions {
  /** default: a new, empty one; pass one to read it from a test */
  readonly inbox?: SmsInbox;
  /** default '/sandbox/sms' */
  readonly prefix?: string;
}

/** An SMS gateway takes a phone number and one message; longer texts than this are a bug of ours. */
const smsSchema = z.object({
  to: z
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/),
  text: z.string().min(1).max(1600),
});

/** Returns the inbox it stores into. */
export async function registerSmsSandbox(app: FastifyInstance, opts: SmsSandboxOptions = {}): Promise<SmsInbox> {
  const prefix = (opts.prefix ?? '/sandbox/sms').replace(/\/+$/, '');
  const inbox = opts.inbox ?? createSmsInbox();

  await app.register(
    async (sms) => {
      sms.post('/api/messages', (request, reply) => {
        const body = smsSchema.safeParse(request.body);
        if (!body.success) return reply.code(400).send({ error: 'bad_request' });
        return reply.code(202).send({ id: inbox.add(body.data).id });
      });

      sms.get('/', (request, reply) => {
        const to = field(request.query, 'to').trim();
        return sendPage(reply, 200, smsPage({ messages: inbox.messages(to), to, prefix }));
      });

      sms.get('/messages.json', (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(
            inbox.messages(field(request.query, 'to')).map(({ to, text, receivedAt }) => ({ to, text, receivedAt })),
          ),
      );
    },
    { prefix },
  );
  return inbox;
}
