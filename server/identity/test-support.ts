import Fastify, { type FastifyInstance } from 'fastify';

/** Test helpers for the identity clients and their simulators: a real server on an ephemeral port. */

export interface RunningApp {
  readonly app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
}

export async function startApp(register: (app: FastifyInstance) => Promise<void>): Promise<RunningApp> {
  const app = Fastify({ logger: false });
  await register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return { app, origin: `http://127.0.0.1:${address.port}` };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (value: string) => value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The hidden inputs of the first form of a page, as a browser would submit them. */
export function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\s*\/?>/g)) {
    fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '');
  }
  return fields;
}

/** The action of the first form of a page. */
export function formAction(page: string): string {
  const match = /<form method="post" action="([^"]*)"/.exec(page);
  if (!match?.[1]) throw new Error('no form');
  return unescape(match[1]);
}

/** Posts a form like a browser, without following the redirect. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
