import type { FastifyInstance } from 'fastify';

/**
 * Signatures cover the body bytes as sent, so partner routes need the raw text, not Fastify's parsed JSON.
 * Call this inside an encapsulated plugin (`app.register(async (instance) => { useRawJsonBody(instance); … })`):
 * there `request.body` of an application/json request is the raw string, and the rest of the app keeps its
 * normal JSON parser. Parse it yourself after the signature checks out (see `parseJson`).
 */
export function useRawJsonBody(instance: FastifyInstance, bodyLimit = 256 * 1024): void {
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
}

/** JSON.parse that answers undefined instead of throwing. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
