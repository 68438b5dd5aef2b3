import type { FastifyInstance } from 'fastify';

/** How often a closing server looks for connections that have finished their last answer. */
const SWEEP_MS = 50;

/**
 * Ends each connection as soon as it falls idle once the server is closing. Fastify closes the connections that
 * are idle when `close` begins; one that is busy then (a lender's callback waiting for its answer batch) answers
 * and stays open, and a partner's keep-alive pool holds it for as long as the server's Keep-Alive header allows
 * (undici: up to a minute), so the close waited that long for it. A sweep while closing costs requests nothing.
 */
export function closeConnectionsWhenIdle(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });
}
