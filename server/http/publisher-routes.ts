import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listPublisherApplications } from '../../domain/contract/publishers.ts';
import type { Broker } from '../broker.ts';
import { bearerKey, publisherForKey } from '../config/publisher-keys.ts';
import { publisherApplications } from '../publishers/report.ts';
import { ApiProblem } from './problem.ts';
import { route } from './route.ts';
import { perMinute } from './route-options.ts';

/**
 * What publishers read about the applications their widgets brought, with the key PUBLISHER_KEYS
 * gives them: attribution and progress, no personal data.
 */
export async function registerPublisherRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  const publishers = new WeakMap<FastifyRequest, string>();

  route(
    app,
    listPublisherApplications,
    {
      config: perMinute(broker, 60),
      // after the rate limit (an onRequest hook), so guesses are counted too, and before the query
      // is validated, so a stranger learns nothing but 401
      preValidation: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const publisherId = publisherForKey(broker.config.publisherKeys, bearerKey(request.headers.authorization));
        if (publisherId === null) {
          reply.header('www-authenticate', 'Bearer');
          throw new ApiProblem(401, 'unauthorized');
        }
        publishers.set(request, publisherId);
      },
    },
    async (request, reply) => {
      const publisherId = publishers.get(request);
      if (publisherId === undefined) throw new ApiProblem(401, 'unauthorized');
      const answer = await publisherApplications(broker, publisherId, request.query);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
