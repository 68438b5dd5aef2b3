import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, standardInformationQuerySchema } from '../../domain/api.ts';
import { standardInformationHref } from '../../domain/standard-information-href.ts';
import { applicationIdForToken } from '../applications/lookup.ts';
import { Refusal } from '../applications/refusal.ts';
import { buildStatus } from '../applications/status.ts';
import type { Broker } from '../broker.ts';
import {
  standardInformation,
  standardInformationHtml,
  standardInformationPdf,
} from '../offers/standard-information.ts';
import { perMinute } from './route-options.ts';

/** Each offer's standard pre-contractual information, generated from its terms, as a page and as a PDF. */
export function registerStandardInformationRoutes(app: FastifyInstance, broker: Broker): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/applications/standardInformation',
    {
      config: perMinute(broker, 60),
      schema: {
        summary: "An offer's standard pre-contractual information (SECCI), HTML or PDF, in Latvian or Russian",
        querystring: standardInformationQuerySchema,
        response: {
          200: z.string().describe('text/html or application/pdf'),
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { token, offerId, format } = request.query;
      const applicationId = await applicationIdForToken(broker, token);
      const status = await buildStatus(broker.db, broker.cipher, broker.lenders, applicationId);
      const offer = status?.offers.find((candidate) => candidate.id === offerId);
      if (!status || !offer) throw new Refusal('unknownOffer');
      const language = request.query.lang ?? status.language;
      const info = standardInformation(offer, language);
      reply.header('cache-control', 'no-store');
      if (format === 'pdf') {
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="standarta-informacija-${offer.lenderId}.pdf"`)
          // the PDF's bytes, sent as they are (the schema documents the body as a string)
          .send((await standardInformationPdf(info)) as unknown as string);
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(standardInformationHtml(info, standardInformationHref(token, offerId, language, 'pdf')));
    },
  );
}
