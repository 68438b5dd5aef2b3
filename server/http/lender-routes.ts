import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lendersAnswerSchema, type LenderSummary } from '../../domain/lenders.ts';
import type { Broker } from '../broker.ts';
import { colourFor, monogramSvg } from '../logos/monogram-svg.ts';
import { ApiProblem } from './problem.ts';
import { perMinute } from './route-options.ts';

/** Every lender an application may go to, from the registry, and the monograms of those without a logo. */
export function registerLenderRoutes(app: FastifyInstance, broker: Broker): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/lenders',
    {
      config: perMinute(broker, 600),
      schema: {
        summary: 'Lenders that would receive an application, with the amounts and terms each serves',
        response: { 200: lendersAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return [...broker.lenders.values()].map((lender): LenderSummary => ({
        id: lender.id,
        name: lender.name,
        kind: lender.kind,
        logo: lender.logo,
        amounts: lender.amounts,
        terms: lender.terms,
      }));
    },
  );

  api.get(
    '/api/lenders/:id/logo.svg',
    { config: perMinute(broker, 600), schema: { params: z.object({ id: z.string().max(64) }), hide: true } },
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
