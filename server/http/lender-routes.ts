import type { FastifyInstance } from 'fastify';
import { lenderMonogram, listLenders, logoParams } from '../../domain/contract/reference-data.ts';
import type { LenderSummary } from '../../domain/lenders.ts';
import type { Broker } from '../broker.ts';
import { colourFor, monogramSvg } from '../logos/monogram-svg.ts';
import { ApiProblem } from './problem.ts';
import { privateRoute, route } from './route.ts';
import { perMinute } from './route-options.ts';

/** Every lender an application may go to, from the registry, and the monograms of those without a logo. */
export function registerLenderRoutes(app: FastifyInstance, broker: Broker): void {
  route(app, listLenders, { config: perMinute(broker, 600) }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return [...broker.lenders.values()].map((lender): LenderSummary => ({
      id: lender.id,
      name: lender.name,
      kind: lender.kind,
      logo: lender.logo,
      amounts: lender.amounts,
      terms: lender.terms,
      purposes: [...lender.purposes],
    }));
  });

  privateRoute(
    app,
    lenderMonogram,
    { config: perMinute(broker, 600), schema: { params: logoParams } },
    async (request, reply) => {
      const lender = broker.lenders.get(request.params.id);
      if (!lender) throw new ApiProblem(404, 'notFound');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(monogramSvg({ id: lender.id, name: lender.name, colour: colourFor(lender.id) }));
    },
  );
}
