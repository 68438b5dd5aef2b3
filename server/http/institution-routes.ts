import type { FastifyInstance } from 'fastify';
import type { Institution } from '../../domain/api.ts';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import { institutionLogo, listInstitutions, logoParams } from '../../domain/contract/reference-data.ts';
import type { Broker } from '../broker.ts';
import { INSTITUTIONS, institutionLogoSvg } from '../identity/institutions.ts';
import { ApiProblem } from './problem.ts';
import { privateRoute, route } from './route.ts';
import { perMinute } from './route-options.ts';

/** The banks a person can identify with, and their logos. */
export function registerInstitutionRoutes(app: FastifyInstance, broker: Broker): void {
  route(app, listInstitutions, { config: perMinute(broker, 600) }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return INSTITUTIONS.map((institution): Institution => ({
      id: institution.id,
      name: institution.name,
      order: institution.order,
      featured: institution.featured,
      logo: pathOf(institutionLogo, { id: institution.id }),
    }));
  });

  privateRoute(
    app,
    institutionLogo,
    { config: perMinute(broker, 600), schema: { params: logoParams } },
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
