import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { field, sendPage } from '../page.ts';
import { mailPage } from './mail-page.ts';
import type { SandboxMailServer } from './mail-server.ts';

/**
 * The mail catcher's pages, over a mailbox started elsewhere (mail-server.ts; it speaks SMTP, not HTTP):
 *
 *   GET  {prefix}                        the messages, newest first, ?to= filters by recipient (HTML)
 *   GET  {prefix}/messages.json?to=...   the same as JSON [{ to, subject, text, html, receivedAt, headers }]
 *   POST {prefix}/outage                 JSON { down: boolean } → { down }: takes the SMTP server down or up
 */

export interface MailSandboxOptions {
  readonly mailbox: SandboxMailServer;
  /** default '/sandbox/mail' */
  readonly prefix?: string;
}

const outageSchema = z.object({ down: z.boolean() });

export async function registerMailSandbox(app: FastifyInstance, opts: MailSandboxOptions): Promise<void> {
  const prefix = (opts.prefix ?? '/sandbox/mail').replace(/\/+$/, '');
  const { mailbox } = opts;

  await app.register(
    async (mail) => {
      mail.get('/', (request, reply) => {
        const to = field(request.query, 'to').trim();
        return sendPage(reply, 200, mailPage({ messages: mailbox.messages(to), to, down: mailbox.isDown(), prefix }));
      });

      mail.get('/messages.json', (request, reply) =>
        reply.header('cache-control', 'no-store').send(
          mailbox.messages(field(request.query, 'to')).map(({ to, subject, text, html, receivedAt, headers }) => ({
            to,
            subject,
            text,
            html,
            receivedAt,
            headers,
          })),
        ),
      );

      mail.post('/outage', async (request, reply) => {
        const body = outageSchema.safeParse(request.body);
        if (!body.success) return reply.code(400).send({ error: 'bad_request' });
        await mailbox.setDown(body.data.down);
        return reply.send({ down: mailbox.isDown() });
      });
    },
    { prefix },
  );
}
