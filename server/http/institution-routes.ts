import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionsAnswerSchema, type Institution } from '../../domain/api.ts';
import type { Broker } from '../broker.ts';
import { INSTITUTIONS, institutionLogoSvg } from '../identity/institutions.ts';
import { ApiProblem } from './problem.ts';
import { perMinute } from './route-options.ts';

/** The banks a person can identify with, and their logos. */
export function registerInstitutionRoutes(app: FastifyInstance, broker: Broker): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/institutions',
    {
      config: perMinute(broker, 600),
      schema: { summary: 'Banks a person can identify with', response: { 200: institutionsAnswerSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return INSTITUTIONS.map((institution): Institution => ({
        id: institution.id,
        name: institution.name,
        order: institution.order,
        featured: institution.featured,
        logo: `/api/institutions/${institution.id}/logo.svg`,
      }));
    },
  );

  api.get(
    '/api/institutions/:id/logo.svg',
    { config: perMinute(broker, 600), schema: { params: z.object({ id: z.string().max(64) }), hide: true } },
    async (request, reply) => {
      if (!INSTITUTIONS.some((institution) => institution.id === request.params.id)) {
        throw new ApiProblem(404, 'notFound');
      }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(institutionLogoSvg(request.params.id));
    },
  );
}
