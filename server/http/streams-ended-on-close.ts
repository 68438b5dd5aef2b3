import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An EventSource reconnects by itself when its stream ends; this tells it to do so soon. The stream's first event
 * is the whole status, so the reconnected client (through the balancer, to another process) misses nothing.
 */
const RECONNECT_SOON = 'retry: 500\n\n';

/**
 * Event streams never fall idle, so a closing server would wait for each until its client left: they end when the
 * server begins to close, after the drain that moved the balancer away. A stream that opens while the server
 * closes (its handler was still building the first event) ends at once.
 */
export function streamsEndedOnClose(app: FastifyInstance): (stream: ServerResponse) => void {
  const open = new Set<ServerResponse>();
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    for (const stream of open) stream.end(RECONNECT_SOON);
    open.clear();
    done();
  });
  return (stream) => {
    if (closing) {
      stream.end(RECONNECT_SOON);
      return;
    }
    open.add(stream);
    stream.once('close', () => open.delete(stream));
  };
}
