import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normalizeOffer, type LenderOfferTerms } from '../../../domain/offer.ts';
import type { LenderDelay } from './lender-delay.ts';
import { deriveSandboxSecret } from '../../config/sandbox-secret.ts';
import { partnerApplicationSchema, type PartnerApplication, type PartnerCallback } from '../../lenders/messages.ts';
import {
  BROKER_PARTNER_ID,
  checkPartnerMessage,
  IDEMPOTENCY_HEADER,
  InMemoryNonceStore,
  signPartnerMessage,
} from '../../lenders/partner-protocol.ts';
import { parseJson, useRawJsonBody } from '../../lenders/raw-json.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
import { findSandboxLender, SANDBOX_LENDERS, type DelayProfile, type SandboxLender } from './catalogue.ts';
import {
  CONTRACT_PAGE_CSP,
  contractLanguage,
  renderContractPage,
  renderMessagePage,
  renderSignedPage,
} from './contract-page.ts';
import { decide } from './decide.ts';

/**
 * Sixteen sandbox lenders speaking the partner protocol over real HTTP (see server/lenders/partner-protocol.ts):
 *
 *   POST {prefix}/:lenderId/applications        signed by the broker; 202 { reference }, then a signed callback
 *   GET  {prefix}/:lenderId/contracts/:offerId  the lender's signing page (?lang=lv|ru&return_url=…)
 *   POST {prefix}/:lenderId/contracts/:offerId  signs: 'signed' callback, then after the payout delay 'paid'; 303
 *   GET  {prefix}/stats                         per lender: deliveries, applications, byApplicationRef, …
 *   PUT  {prefix}/:lenderId/behaviour           { mode, delayMs? }: inject failures
 *   POST {prefix}/reset                         forget everything, cancel pending answers
 *
 * State lives in memory, per registration. Logs carry lender ids, statuses and counts, never a body or a URL
 * (callback URLs and return URLs may carry tokens).
 */

export const SANDBOX_BEHAVIOUR_MODES = ['normal', 'error500', 'silent', 'malformedCallback', 'badSignature'] as const;
export type SandboxBehaviourMode = (typeof SANDBOX_BEHAVIOUR_MODES)[number];

export const sandboxBehaviourSchema = z.object({
  mode: z.enum(SANDBOX_BEHAVIOUR_MODES),
  delayMs: z.number().int().min(0).max(3_600_000).optional(),
});
export type SandboxBehaviour = z.infer<typeof sandboxBehaviourSchema>;

export interface CallbackRetryOptions {
  /** first wait after a failed attempt, ms (default 200) */
  readonly initialMs?: number;
  /** the wait doubles up to this, ms (default 30 000) */
  readonly maxMs?: number;
  /** no new attempt after this long since the first, ms (default 15 minutes) */
  readonly giveUpAfterMs?: number;
  /** one attempt's timeout, ms (default 10 000) */
  readonly attemptTimeoutMs?: number;
}

export interface LenderSandboxOptions {
  /** default '/sandbox/lenders' */
  readonly prefix?: string;
  /**
   * How long a lender takes to decide: 'realistic' (default; each lender's delay profile: first answers after a few
   * seconds, most within a couple of minutes, a few later) or a fixed number of ms (0 for tests and benchmarks).
   */
  readonly delay?: LenderDelay;
  /** the partner id the broker signs with, default 'kreditkompass' */
  readonly brokerPartnerId?: string;
  readonly callbackRetry?: CallbackRetryOptions;
  /** between the 'signed' and the 'paid' callback, ms; default `delay` when a number, else 20–90 s */
  readonly payoutDelayMs?: number;
}

export interface LenderSandboxStats {
  /** every POST of an application received (signed or not, replays and repeats included) */
  deliveries: number;
  /** distinct idempotency keys accepted */
  applications: number;
  /** distinct idempotency keys accepted, per applicationRef */
  byApplicationRef: Record<string, number>;
  /** accepted deliveries (repeats included) per applicationRef */
  deliveriesByApplicationRef: Record<string, number>;
  /** callback POSTs made (retries included) */
  callbackAttempts: number;
  /** callbacks the broker answered with 2xx */
  callbacksDelivered: number;
  /** callbacks the broker refused with 4xx (not retried) */
  callbacksRefused: number;
}

interface AcceptedApplication {
  readonly reference: string;
  readonly applicationRef: string;
}

interface OfferRecord {
  readonly lenderId: string;
  readonly requestId: string;
  readonly applicationRef: string;
  readonly callbackUrl: string;
  readonly terms: LenderOfferTerms;
  contractRef?: string;
}

const DEFAULT_PREFIX = '/sandbox/lenders';

const emptyStats = (): LenderSandboxStats => ({
  deliveries: 0,
  applications: 0,
  byApplicationRef: {},
  deliveriesByApplicationRef: {},
  callbackAttempts: 0,
  callbacksDelivered: 0,
  callbacksRefused: 0,
});

/** A log-normal delay around the profile's median, clamped to its bounds, in ms. */
export function sampleDelayMs(profile: DelayProfile, random: () => number = Math.random): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  const gaussian = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  const seconds = profile.medianSeconds * Math.exp(0.9 * gaussian);
  return Math.round(Math.min(profile.maxSeconds, Math.max(profile.minSeconds, seconds)) * 1000);
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

/** A long-running sandbox (a benchmark, a demo left on) forgets its oldest records rather than grow forever. */
const MAX_RECORDS = 100_000;
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_RECORDS) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

class LenderSandbox {
  readonly nonces = new InMemoryNonceStore();
  readonly stats = new Map<string, LenderSandboxStats>();
  readonly accepted = new Map<string, AcceptedApplication>();
  readonly offers = new Map<string, OfferRecord>();
  readonly behaviours = new Map<string, SandboxBehaviour>();
  #abort = new AbortController();
  readonly #options: LenderSandboxOptions;
  readonly #log: FastifyBaseLogger;

  constructor(options: LenderSandboxOptions, log: FastifyBaseLogger) {
    this.#options = options;
    this.#log = log;
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  statsOf(lenderId: string): LenderSandboxStats {
    let stats = this.stats.get(lenderId);
    if (!stats) {
      stats = emptyStats();
      this.stats.set(lenderId, stats);
    }
    return stats;
  }

  behaviourOf(lenderId: string): SandboxBehaviour {
    return this.behaviours.get(lenderId) ?? { mode: 'normal' };
  }

  reset(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    this.nonces.clear();
    this.stats.clear();
    this.accepted.clear();
    this.offers.clear();
    this.behaviours.clear();
  }

  close(): void {
    this.#abort.abort();
  }

  decisionDelayMs(lender: SandboxLender, behaviour: SandboxBehaviour): number {
    if (behaviour.delayMs !== undefined) return behaviour.delayMs;
    const delay = this.#options.delay ?? 'realistic';
    if (delay === 'realistic') return sampleDelayMs(lender.delay);
    return typeof delay === 'number' ? delay : Math.round(delay.minMs + Math.random() * (delay.maxMs - delay.minMs));
  }

  payoutDelayMs(): number {
    if (this.#options.payoutDelayMs !== undefined) return this.#options.payoutDelayMs;
    const delay = this.#options.delay ?? 'realistic';
    if (delay === 'realistic') return Math.round(20_000 + Math.random() * 70_000);
    return typeof delay === 'number' ? delay : delay.minMs;
  }

  /** Decides after the delay and calls back; runs in the background, ends quietly on reset or close. */
  async answer(lender: SandboxLender, application: PartnerApplication, behaviour: SandboxBehaviour): Promise<void> {
    const signal = this.signal;
    await sleep(this.decisionDelayMs(lender, behaviour), undefined, { signal });
    if (behaviour.mode === 'silent') return;
    const decision = decide(lender, application, new Date());
    const base = { requestId: application.requestId, applicationRef: application.applicationRef, lenderId: lender.id };
    if (decision.type === 'offer') {
      remember(this.offers, `${lender.id}\u0000${decision.offer.offerId}`, {
        lenderId: lender.id,
        requestId: application.requestId,
        applicationRef: application.applicationRef,
        callbackUrl: application.callbackUrl,
        terms: decision.offer,
      });
    }
    const callback: PartnerCallback =
      decision.type === 'offer'
        ? { ...base, type: 'offer', offer: decision.offer }
        : { ...base, type: 'decline', reason: decision.reason };
    const body: unknown =
      behaviour.mode === 'malformedCallback'
        ? { ...base, type: 'offer', offer: { offerId: '', amount: 'a lot', term: 0 } }
        : callback;
    await this.deliver(lender.id, application.callbackUrl, body, behaviour.mode === 'badSignature', signal);
  }

  /** Signs and posts a callback, retrying with exponential backoff while the broker is unreachable or 5xx/429. */
  async deliver(lenderId: string, url: string, body: unknown, forgeSignature: boolean, signal: AbortSignal) {
    const retry = this.#options.callbackRetry ?? {};
    const initialMs = retry.initialMs ?? 200;
    const maxMs = retry.maxMs ?? 30_000;
    const giveUpAfterMs = retry.giveUpAfterMs ?? 15 * 60_000;
    const attemptTimeoutMs = retry.attemptTimeoutMs ?? 10_000;
    const secret = forgeSignature ? deriveSandboxSecret('not-the-lender:' + lenderId) : sandboxLenderSecret(lenderId);
    const raw = JSON.stringify(body);
    const started = Date.now();
    let wait = initialMs;
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) return;
      const stats = this.statsOf(lenderId);
      stats.callbackAttempts += 1;
      let status: number | undefined;
      try {
        // a fresh timestamp and nonce on every attempt: the broker may have recorded the last nonce
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signPartnerMessage(secret, raw, lenderId) },
          body: raw,
          redirect: 'manual',
          signal: AbortSignal.any([signal, AbortSignal.timeout(attemptTimeoutMs)]),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch {
        if (signal.aborted) return;
      }
      if (status !== undefined && status < 500 && status !== 429) {
        if (status >= 200 && status < 300) stats.callbacksDelivered += 1;
        else {
          stats.callbacksRefused += 1;
          this.#log.warn({ lenderId, status, attempt }, 'sandbox lender: broker refused the callback');
        }
        return;
      }
      if (Date.now() - started + wait > giveUpAfterMs) {
        this.#log.warn({ lenderId, status, attempt }, 'sandbox lender: callback given up');
        return;
      }
      this.#log.info({ lenderId, status: status ?? 'unreachable', attempt, retryInMs: wait }, 'sandbox lender: retry');
      await sleep(wait, undefined, { signal });
      wait = Math.min(wait * 2, maxMs);
    }
  }

  async signedAndPaid(record: OfferRecord, contractRef: string): Promise<void> {
    const signal = this.signal;
    const base = { requestId: record.requestId, applicationRef: record.applicationRef, lenderId: record.lenderId };
    const signed: PartnerCallback = { ...base, type: 'signed', offerId: record.terms.offerId, contractRef };
    await this.deliver(record.lenderId, record.callbackUrl, signed, false, signal);
    await sleep(this.payoutDelayMs(), undefined, { signal });
    const paid: PartnerCallback = {
      ...base,
      type: 'paid',
      offerId: record.terms.offerId,
      paidAt: new Date().toISOString(),
    };
    await this.deliver(record.lenderId, record.callbackUrl, paid, false, signal);
  }
}

const ignoreAbort = (log: FastifyBaseLogger) => (error: unknown) => {
  if (error instanceof Error && error.name === 'AbortError') return;
  log.error({ err: error }, 'sandbox lender: background task failed');
};

interface LenderParams {
  lenderId: string;
}
interface ContractParams extends LenderParams {
  offerId: string;
}
interface ContractQuery {
  lang?: string;
  return_url?: string;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CONTRACT_PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(html);
}

/** The signing form posts to the page's own URL, relative, so the page works behind a path-rewriting proxy too. */
function formAction(request: FastifyRequest<{ Params: ContractParams }>): string {
  const query = request.url.indexOf('?');
  return encodeURIComponent(request.params.offerId) + (query === -1 ? '' : request.url.slice(query));
}

export async function registerLenderSandbox(app: FastifyInstance, opts: LenderSandboxOptions = {}): Promise<void> {
  const prefix = (opts.prefix ?? DEFAULT_PREFIX).replace(/\/+$/, '');
  const brokerPartnerId = opts.brokerPartnerId ?? BROKER_PARTNER_ID;

  await app.register(
    async (instance) => {
      const sandbox = new LenderSandbox(opts, instance.log);
      const background = ignoreAbort(instance.log);
      instance.addHook('onClose', async () => sandbox.close());

      useRawJsonBody(instance);
      if (instance.hasContentTypeParser('application/x-www-form-urlencoded')) {
        instance.removeContentTypeParser('application/x-www-form-urlencoded');
      }
      instance.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      const lenderOr404 = (request: FastifyRequest<{ Params: LenderParams }>, reply: FastifyReply) => {
        const lender = findSandboxLender(request.params.lenderId);
        if (!lender) void reply.code(404).send({ error: 'unknownLender' });
        return lender;
      };

      instance.post<{ Params: LenderParams; Body: unknown }>('/:lenderId/applications', async (request, reply) => {
        const lender = lenderOr404(request, reply);
        if (!lender) return reply;
        const stats = sandbox.statsOf(lender.id);
        stats.deliveries += 1;
        const behaviour = sandbox.behaviourOf(lender.id);
        if (behaviour.mode === 'error500') return reply.code(500).send({ error: 'internal' });

        const raw = typeof request.body === 'string' ? request.body : '';
        const checked = await checkPartnerMessage(sandboxLenderSecret(lender.id), request.headers, raw, {
          expectedPartner: brokerPartnerId,
          nonces: sandbox.nonces,
        });
        if (!checked.ok) return reply.code(401).send({ error: checked.reason });

        const key = request.headers[IDEMPOTENCY_HEADER];
        if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
          return reply.code(400).send({ error: 'idempotencyKey' });
        }
        const parsed = partnerApplicationSchema.safeParse(parseJson(raw));
        if (!parsed.success) {
          // paths only: the values are personal data
          return reply.code(400).send({ error: 'invalid', paths: parsed.error.issues.map((i) => i.path.join('.')) });
        }
        const application = parsed.data;
        if (application.requestId !== key) return reply.code(400).send({ error: 'idempotencyKey' });

        const acceptedKey = `${lender.id}\u0000${key}`;
        const known = sandbox.accepted.get(acceptedKey);
        const ref = application.applicationRef;
        if (known) {
          if (known.applicationRef !== ref) return reply.code(409).send({ error: 'idempotencyKeyReused' });
          stats.deliveriesByApplicationRef[ref] = (stats.deliveriesByApplicationRef[ref] ?? 0) + 1;
          return reply.code(202).send({ reference: known.reference });
        }
        const reference = randomUUID();
        remember(sandbox.accepted, acceptedKey, { reference, applicationRef: ref });
        stats.applications += 1;
        stats.byApplicationRef[ref] = (stats.byApplicationRef[ref] ?? 0) + 1;
        stats.deliveriesByApplicationRef[ref] = (stats.deliveriesByApplicationRef[ref] ?? 0) + 1;
        sandbox.answer(lender, application, behaviour).catch(background);
        return reply.code(202).send({ reference });
      });

      const offerFor = (lenderId: string, offerId: string) => sandbox.offers.get(`${lenderId}\u0000${offerId}`);

      instance.get<{ Params: ContractParams; Querystring: ContractQuery }>(
        '/:lenderId/contracts/:offerId',
        async (request, reply) => {
          const lang = contractLanguage(request.query.lang);
          const lender = findSandboxLender(request.params.lenderId);
          const record = lender ? offerFor(lender.id, request.params.offerId) : undefined;
          if (!lender || !record) return sendHtml(reply, 404, renderMessagePage(lang, lender, 'notFound'));
          const returnUrl = safeReturnUrl(request.query.return_url);
          if (record.contractRef) return sendHtml(reply, 200, renderSignedPage(lang, lender, returnUrl));
          if (Date.parse(record.terms.validUntil) < Date.now()) {
            return sendHtml(reply, 410, renderMessagePage(lang, lender, 'expired'));
          }
          const offer = normalizeOffer(record.terms, lender, record.terms.offerId, new Date());
          return sendHtml(reply, 200, renderContractPage({ lang, lender, offer, action: formAction(request) }));
        },
      );

      instance.post<{ Params: ContractParams; Querystring: ContractQuery; Body: unknown }>(
        '/:lenderId/contracts/:offerId',
        async (request, reply) => {
          const lang = contractLanguage(request.query.lang);
          const lender = findSandboxLender(request.params.lenderId);
          const record = lender ? offerFor(lender.id, request.params.offerId) : undefined;
          if (!lender || !record) return sendHtml(reply, 404, renderMessagePage(lang, lender, 'notFound'));
          const returnUrl = safeReturnUrl(request.query.return_url);
          if (!record.contractRef) {
            if (Date.parse(record.terms.validUntil) < Date.now()) {
              return sendHtml(reply, 410, renderMessagePage(lang, lender, 'expired'));
            }
            const form = request.body as Record<string, unknown> | undefined;
            if (form?.consent !== 'yes') {
              const offer = normalizeOffer(record.terms, lender, record.terms.offerId, new Date());
              const html = renderContractPage({
                lang,
                lender,
                offer,
                action: formAction(request),
                consentMissing: true,
              });
              return sendHtml(reply, 422, html);
            }
            const contractRef =
              'LV-' +
              createHash('sha256').update(`contract:${lender.id}:${record.terms.offerId}`).digest('hex').slice(0, 16);
            record.contractRef = contractRef;
            sandbox.signedAndPaid(record, contractRef).catch(background);
          }
          if (returnUrl)
            return reply.code(303).header('location', returnUrl).header('cache-control', 'no-store').send();
          return sendHtml(reply, 200, renderSignedPage(lang, lender));
        },
      );

      instance.get('/stats', async () => {
        const all: Record<string, LenderSandboxStats> = {};
        for (const lender of SANDBOX_LENDERS) all[lender.id] = sandbox.statsOf(lender.id);
        return all;
      });

      instance.put<{ Params: LenderParams; Body: unknown }>('/:lenderId/behaviour', async (request, reply) => {
        const lender = lenderOr404(request, reply);
        if (!lender) return reply;
        const parsed = sandboxBehaviourSchema.safeParse(
          parseJson(typeof request.body === 'string' ? request.body : ''),
        );
        if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
        sandbox.behaviours.set(lender.id, parsed.data);
        return { lenderId: lender.id, ...parsed.data };
      });

      instance.post('/reset', async (_request, reply) => {
        sandbox.reset();
        return reply.code(204).send();
      });
    },
    { prefix },
  );
}

/** A Fastify app serving only the sandbox lenders, e.g. in a process of its own (see main.ts). */
export async function createLenderSandboxServer(
  opts: LenderSandboxOptions & { readonly logger?: boolean } = {},
): Promise<FastifyInstance> {
  const { logger = false, ...options } = opts;
  const app = Fastify({
    logger: logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // query strings carry return URLs; log the path only
          serializers: { req: (request) => ({ method: request.method, path: request.url.split('?')[0] }) },
        }
      : false,
  });
  await registerLenderSandbox(app, options);
  return app;
}
