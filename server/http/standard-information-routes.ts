import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, standardInformationQuerySchema } from '../../domain/api.ts';
import { standardInformationHref } from '../../domain/standard-information-href.ts';
import { offerStandardInformation } from '../applications/standard-information.ts';
import type { Broker } from '../broker.ts';
import {
  STANDARD_INFORMATION_CSS,
  standardInformationHtml,
  standardInformationPdf,
} from '../offers/standard-information.ts';
import { perMinute } from './route-options.ts';

const STYLESHEET_PATH = '/api/applications/standardInformation.css';

/**
 * The page is a document served from the API, whose policy lets an answer load nothing: this one may load its
 * own stylesheet, and still no script, no inline style, no frame around it.
 */
const PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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
      const { token, offerId, lang, format } = request.query;
      const { offer, language, info } = await offerStandardInformation(broker, { token, offerId, lang });
      reply.header('cache-control', 'no-store');
      if (format === 'pdf') {
        // the lender's id is Latin in either language: the file name needs no encoding
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `inline; filename="standarta-informacija-${offer.lenderId}.pdf"`)
            // the PDF's bytes, sent as they are (the schema documents the body as a string)
            .send((await standardInformationPdf(info)) as unknown as string)
        );
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_POLICY)
        .send(
          standardInformationHtml(info, {
            stylesheet: STYLESHEET_PATH,
            pdf: standardInformationHref(token, offerId, language, 'pdf'),
          }),
        );
    },
  );

  api.get(
    STYLESHEET_PATH,
    {
      config: perMinute(broker, 120),
      schema: {
        summary: 'The stylesheet of the standard information page, with its print rules',
        response: { 200: z.string().describe('text/css'), 429: apiErrorSchema },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(STANDARD_INFORMATION_CSS),
  );
}
