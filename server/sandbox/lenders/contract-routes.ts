import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeOffer } from '../../../domain/offer.ts';
import { isOfferExpired } from '../../../domain/offer-validity.ts';
import { findSandboxLender } from './catalogue.ts';
import {
  contractPagePolicy,
  contractLanguage,
  renderContractPage,
  renderMessagePage,
  renderSignedPage,
} from './contract-page.ts';
import type { LenderParams, LenderRoutesContext } from './route-support.ts';

/**
 * The lenders' signing pages, apart from the partner protocol because they speak to the applicant's browser:
 * HTML, a form, a redirect back to the broker's return URL.
 *
 *   GET  {prefix}/:lenderId/contracts/:offerId  the signing page (?lang=lv|ru&return_url=…)
 *   POST {prefix}/:lenderId/contracts/:offerId  signs: 'signed' callback, then after the payout delay 'paid'; 303
 */

interface ContractParams extends LenderParams {
  offerId: string;
}
interface ContractQuery {
  lang?: string;
  return_url?: string;
}

/** Only http(s) URLs are followed after signing; anything else (javascript:, data:, relative) is ignored. */
export function safeReturnUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contractPagePolicy(html))
    .header('cache-control', 'no-store')
    .send(html);
}

/** The signing form posts to the page's own URL, relative, so the page works behind a path-rewriting proxy too. */
function formAction(request: FastifyRequest<{ Params: ContractParams }>): string {
  const query = request.url.indexOf('?');
  return encodeURIComponent(request.params.offerId) + (query === -1 ? '' : request.url.slice(query));
}

/** The same offer always gets the same contract number, so a repeated signature changes nothing. */
const contractRefFor = (lenderId: string, offerId: string) =>
  'LV-' + createHash('sha256').update(`contract:${lenderId}:${offerId}`).digest('hex').slice(0, 16);

export function registerContractRoutes(
  instance: FastifyInstance,
  { state, answers, background }: LenderRoutesContext,
): void {
  /** What both the signing page and its form answer start from: the language, the lender, its offer. */
  const contractOf = (request: FastifyRequest<{ Params: ContractParams; Querystring: ContractQuery }>) => {
    const lender = findSandboxLender(request.params.lenderId);
    return {
      lang: contractLanguage(request.query.lang),
      lender,
      record: lender ? state.offerFor(lender.id, request.params.offerId) : undefined,
      returnUrl: safeReturnUrl(request.query.return_url),
    };
  };

  instance.get<{ Params: ContractParams; Querystring: ContractQuery }>(
    '/:lenderId/contracts/:offerId',
    async (request, reply) => {
      const { lang, lender, record, returnUrl } = contractOf(request);
      if (!lender || !record) return sendHtml(reply, 404, renderMessagePage(lang, lender, 'notFound'));
      if (record.contractRef) return sendHtml(reply, 200, renderSignedPage(lang, lender, returnUrl));
      if (isOfferExpired(record.terms, Date.now())) {
        return sendHtml(reply, 410, renderMessagePage(lang, lender, 'expired'));
      }
      const offer = normalizeOffer(record.terms, lender, record.terms.offerId, new Date());
      return sendHtml(reply, 200, renderContractPage({ lang, lender, offer, action: formAction(request) }));
    },
  );

  instance.post<{ Params: ContractParams; Querystring: ContractQuery; Body: unknown }>(
    '/:lenderId/contracts/:offerId',
    async (request, reply) => {
      const { lang, lender, record, returnUrl } = contractOf(request);
      if (!lender || !record) return sendHtml(reply, 404, renderMessagePage(lang, lender, 'notFound'));
      if (!record.contractRef) {
        if (isOfferExpired(record.terms, Date.now())) {
          return sendHtml(reply, 410, renderMessagePage(lang, lender, 'expired'));
        }
        const form = request.body as Record<string, unknown> | undefined;
        if (form?.consent !== 'yes') {
          const offer = normalizeOffer(record.terms, lender, record.terms.offerId, new Date());
          const html = renderContractPage({ lang, lender, offer, action: formAction(request), consentMissing: true });
          return sendHtml(reply, 422, html);
        }
        const contractRef = contractRefFor(lender.id, record.terms.offerId);
        record.contractRef = contractRef;
        answers.signedAndPaid(record, contractRef).catch(background);
      }
      if (returnUrl) return reply.code(303).header('location', returnUrl).header('cache-control', 'no-store').send();
      return sendHtml(reply, 200, renderSignedPage(lang, lender));
    },
  );
}
