import type { FastifyInstance, FastifyReply } from 'fastify';
import { getStandardInformation, standardInformationStylesheet } from '../../domain/contract/applications.ts';
import { standardInformationHref } from '../../domain/standard-information-href.ts';
import { offerStandardInformation, type OfferStandardInformation } from '../applications/standard-information.ts';
import type { Broker } from '../broker.ts';
import {
  STANDARD_INFORMATION_CSS,
  standardInformationHtml,
  standardInformationPdf,
} from '../offers/standard-information.ts';
import { privateRoute, route } from './route.ts';
import { perMinute } from './route-options.ts';

/**
 * The page is a document served from the API, whose policy lets an answer load nothing: this one may load its
 * own stylesheet, and still no script, no inline style, no frame around it.
 */
const PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The answer of either route to an offer's standard information: the PDF, or the page that links to it
 * (`pdfHref`, the same route's address in the PDF format).
 */
export async function sendStandardInformation(
  reply: FastifyReply,
  { offer, info }: OfferStandardInformation,
  format: 'html' | 'pdf',
  pdfHref: string,
): Promise<FastifyReply> {
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
    .send(standardInformationHtml(info, { stylesheet: standardInformationStylesheet.path, pdf: pdfHref }));
}

/** Each offer's standard pre-contractual information, generated from its terms, as a page and as a PDF. */
export function registerStandardInformationRoutes(app: FastifyInstance, broker: Broker): void {
  route(
    app,
    getStandardInformation,
    {
      config: perMinute(broker, 60),
    },
    async (request, reply) => {
      const { token, offerId, lang, format } = request.query;
      const found = await offerStandardInformation(broker, { token, offerId, lang });
      return sendStandardInformation(
        reply,
        found,
        format,
        standardInformationHref(token, offerId, found.language, 'pdf'),
      );
    },
  );

  privateRoute(app, standardInformationStylesheet, { config: perMinute(broker, 120) }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(STANDARD_INFORMATION_CSS),
  );
}
