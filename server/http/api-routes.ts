import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathOfStep } from '../../domain/wizard-paths.ts';
import {
  apiErrorSchema,
  chooseOfferAnswerSchema,
  chooseOfferBodySchema,
  handoffAnswerSchema,
  handoffBodySchema,
  idempotencyKeySchema,
  institutionsAnswerSchema,
  redeemHandoffAnswerSchema,
  redeemHandoffBodySchema,
  startIdentificationAnswerSchema,
  startIdentificationBodySchema,
  statusQuerySchema,
  submitApplicationAnswerSchema,
  submitApplicationBodySchema,
  type Institution,
} from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { chooseOffer } from '../applications/choose-offer.ts';
import { createHandoff, redeemHandoff } from '../applications/handoff.ts';
import {
  finishIdentification,
  identificationByReturnState,
  startIdentification,
} from '../applications/identification.ts';
import { applicationIdForToken } from '../applications/lookup.ts';
import { submitApplication } from '../applications/submit.ts';
import type { Broker } from '../broker.ts';
import { verifyBankReturn } from '../identity/bank-link.ts';
import { INSTITUTIONS, institutionLogoSvg } from '../identity/institutions.ts';
import { ApiProblem } from './problem.ts';

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** Rate limits per client address, per minute; RATE_LIMIT_SCALE raises them for load tests. */
const limit = (broker: Broker, perMinute: number) => ({
  rateLimit: { max: Math.round(perMinute * broker.config.rateLimitScale), timeWindow: 60_000 },
});

/** The wizard's screens the identity providers send the person back to. */
const WIZARD_RETURN_STEP = { waiting: 'confirmingIdentity', failed: 'choosingIdConfirmationMethodWithError' } as const;

/** A widget's popup lands on a page that closes it; the widget follows the status on its own. */
const WIDGET_RETURN_PATH = '/widget/v1/identified';

const returnPath = ({ succeeded, language, returnTo }: { succeeded: boolean; language: Language; returnTo: string }) =>
  returnTo === 'widget'
    ? `${WIDGET_RETURN_PATH}?${new URLSearchParams({ lang: language, result: succeeded ? 'confirmed' : 'failed' })}`
    : pathOfStep(WIZARD_RETURN_STEP[succeeded ? 'waiting' : 'failed'], language);

export async function registerApiRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/institutions',
    {
      config: limit(broker, 600),
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
    { config: limit(broker, 600), schema: { params: z.object({ id: z.string().max(64) }), hide: true } },
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

  api.post(
    '/api/applications',
    {
      config: limit(broker, 20),
      schema: {
        summary: 'Submit an application',
        description: 'Idempotent per Idempotency-Key: a repeat with the same key and body answers the same token.',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema }),
        body: submitApplicationBodySchema,
        response: { 201: submitApplicationAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await submitApplication(broker, request.body, request.headers['idempotency-key']);
      return reply.status(201).send(answer);
    },
  );

  api.get(
    '/api/getApplicationStatus',
    {
      config: limit(broker, 600),
      schema: {
        summary: 'Application status (text/plain whose body is JSON, as the spec says)',
        querystring: statusQuerySchema,
        response: {
          200: z.string().describe('JSON of the applicationStatusSchema of domain/api.ts'),
          404: apiErrorSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const applicationId = await applicationIdForToken(broker, request.query.token);
      const body = await broker.hub.body(applicationId);
      if (body === null) throw new ApiProblem(404, 'invalidToken');
      // the cached UTF-8 bytes of the JSON the schema above documents as text; Fastify sends a Buffer as it is
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body as unknown as string);
    },
  );

  api.get(
    '/api/applicationStatusEvents',
    {
      config: limit(broker, 120),
      schema: {
        summary: 'Server-sent events: one `status` event now and one on every change',
        querystring: statusQuerySchema,
        response: { 404: apiErrorSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const applicationId = await applicationIdForToken(broker, request.query.token);
      const first = await broker.hub.body(applicationId);
      if (first === null) throw new ApiProblem(404, 'invalidToken');
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      let id = 0;
      const send = (body: Buffer | null) => {
        if (body === null) stream.write('event: gone\ndata: {}\n\n');
        else
          stream.write(Buffer.concat([Buffer.from(`id: ${++id}\nevent: status\ndata: `), body, Buffer.from('\n\n')]));
      };
      send(first);
      const unsubscribe = broker.hub.subscribe(applicationId, send);
      const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), 15_000);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );

  api.post(
    '/api/identification/start',
    {
      config: limit(broker, 30),
      schema: {
        summary: 'Start identification by internet bank, Smart-ID or electronic signature',
        body: startIdentificationBodySchema,
        response: { 200: startIdentificationAnswerSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (request) => startIdentification(broker, request.body),
  );

  api.get(
    '/api/identification/bank/:institutionId/return',
    {
      config: limit(broker, 30),
      schema: {
        summary: "The bank's signed return; redirects the browser to the wizard",
        params: z.object({ institutionId: z.string().max(64) }),
        querystring: z.record(z.string(), z.string().max(512)),
        response: { 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { institutionId } = request.params;
      if (!INSTITUTIONS.some((institution) => institution.id === institutionId)) throw new ApiProblem(404, 'notFound');
      let result: ReturnType<typeof verifyBankReturn>;
      try {
        result = verifyBankReturn({ institutionId, query: request.query, now: new Date() });
      } catch {
        throw new ApiProblem(400, 'badSignature');
      }
      const identification = await identificationByReturnState(broker, 'bank', result.state);
      if (!identification || identification.institution_id !== institutionId) throw new ApiProblem(400, 'invalidToken');
      const finished = await finishIdentification(
        broker,
        identification.id,
        result.kind === 'approved'
          ? { kind: 'identified', personalCode: result.personalCode }
          : { kind: 'failed', failure: 'refused' },
      );
      if (!finished) throw new ApiProblem(400, 'invalidToken');
      return reply.redirect(returnPath(finished), 303);
    },
  );

  api.get(
    '/api/identification/eparaksts/callback',
    {
      config: limit(broker, 30),
      schema: {
        summary: 'eParaksts OAuth 2.0 redirect: exchanges the code and redirects the browser to the wizard',
        // loose: a `lang` beside the OAuth fields stays, so errors answer in that language
        querystring: z.looseObject({
          state: z.string().min(1).max(128),
          code: z.string().min(1).max(512).optional(),
          error: z.string().max(128).optional(),
        }),
        response: { 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const identification = await identificationByReturnState(broker, 'eSignature', request.query.state);
      if (!identification) throw new ApiProblem(400, 'invalidToken');
      const { code } = request.query;
      let outcome: Parameters<typeof finishIdentification>[2];
      if (!code) {
        outcome = { kind: 'failed', failure: 'refused' };
      } else {
        try {
          const accessToken = await broker.eParaksts.exchangeCode(code);
          const user = await broker.eParaksts.userInfo(accessToken);
          outcome = { kind: 'identified', personalCode: user.personalCode };
        } catch {
          outcome = { kind: 'failed', failure: 'providerError' };
        }
      }
      const finished = await finishIdentification(broker, identification.id, outcome);
      if (!finished) throw new ApiProblem(400, 'invalidToken');
      return reply.redirect(returnPath(finished), 303);
    },
  );

  api.post(
    '/api/applications/chooseOffer',
    {
      config: limit(broker, 30),
      schema: {
        summary: 'Choose an offer: answers where to sign with that lender',
        body: chooseOfferBodySchema,
        response: { 200: chooseOfferAnswerSchema, ...errors },
      },
    },
    async (request) => chooseOffer(broker, request.body.token, request.body.offerId),
  );

  api.post(
    '/api/applications/handoff',
    {
      config: limit(broker, 30),
      schema: {
        summary: 'A one-time code that opens the application in another tab of the site',
        description:
          'For a widget whose storage the site cannot read: the code is good for one redeem within two minutes.',
        body: handoffBodySchema,
        response: { 200: handoffAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await createHandoff(broker, request.body.token);
      // the code is a credential for two minutes: no cache is to keep it
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  api.post(
    '/api/applications/handoff/redeem',
    {
      config: limit(broker, 30),
      schema: {
        summary: "Trade a handoff code, once, for the application's token",
        description: 'A spent, expired or unknown code answers 400 handoffExpired.',
        body: redeemHandoffBodySchema,
        response: { 200: redeemHandoffAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await redeemHandoff(broker, request.body.code);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
