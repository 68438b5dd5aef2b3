import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SMART_ID_API_END_RESULTS, type SmartIdApiEndResult } from '../../identity/smart-id-client.ts';
import { field } from '../page.ts';
import { IdempotentStarts } from './idempotent-starts.ts';
import type { SessionStore } from './session-store.ts';

/**
 * The part of the Smart-ID simulator the broker talks to, shaped like the relying-party API v2 so the broker's
 * real client runs against it unchanged:
 *
 *   POST {prefix}/v2/authentication/etsi/:semanticsId   start (PNOLV-DDMMYY-NNNNN) → { sessionID }
 *   GET  {prefix}/v2/session/:sessionId?timeoutMs=       long-poll (0..120000 ms, default 30000)
 *
 * Magic personal codes (new-format codes, so the broker's form accepts them), see SMART_ID_MAGIC_CODES:
 *   329999-00471 → HTTP 471 (no suitable account), 329999-00472 → HTTP 472 (person should view the app),
 *   329999-00404 → HTTP 404 (USER_ACCOUNT_NOT_FOUND); so do PNOEE-/PNOLT- identifiers.
 *   329999-010NN → the session completes by itself after magicDelayMs with SMART_ID_API_END_RESULTS[NN]
 *   (329999-01000 OK as Jānis Bērziņš, 329999-01001 USER_REFUSED, 329999-01002 TIMEOUT, 329999-01004 WRONG_VC, …).
 *
 * A start repeated within 15 s with exactly the same parameters answers with the first one's session (§2.3.5).
 * The start route logs nothing: its path holds a personal code.
 */

export interface RelyingPartyTiming {
  /** every session completes by itself with this end result (benchmarks) */
  readonly autoEndResult?: SmartIdApiEndResult;
  /** delay before autoEndResult; default 0 */
  readonly autoDelayMs?: number;
  /** a session nobody answers becomes COMPLETE/TIMEOUT after this; default 120000 */
  readonly sessionTimeoutMs?: number;
  /** delay before a magic 329999-010NN code completes; default 1000 */
  readonly magicDelayMs?: number;
}

export const SMART_ID_MAGIC_CODES = {
  noSuitableAccount: '329999-00471',
  personShouldViewApp: '329999-00472',
  accountNotFound: '329999-00404',
} as const;

/** The magic code whose sessions complete by themselves with `endResult`. */
export function smartIdAutoCode(endResult: SmartIdApiEndResult): string {
  return `329999-010${String(SMART_ID_API_END_RESULTS.indexOf(endResult)).padStart(2, '0')}`;
}

const DEFAULT_POLL_MS = 30_000;
const MAX_POLL_MS = 120_000;

const HASH_BYTES = { SHA256: 32, SHA384: 48, SHA512: 64 } as const;
const SUPPORTED_INTERACTIONS = new Set(['displayTextAndPIN', 'verificationCodeChoice']);

const startBodySchema = z.object({
  relyingPartyUUID: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  relyingPartyName: z.string().min(1).max(100),
  certificateLevel: z.enum(['QUALIFIED', 'ADVANCED', 'QSCD']).optional(),
  hash: z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/),
  hashType: z.enum(['SHA256', 'SHA384', 'SHA512']),
  allowedInteractionsOrder: z
    .array(
      z.object({
        type: z.string().max(100),
        displayText60: z.string().max(60).optional(),
        displayText200: z.string().max(200).optional(),
      }),
    )
    .min(1)
    .max(10),
  nonce: z.string().min(1).max(30).optional(),
  requestProperties: z.object({ shareMdClientIpAddress: z.boolean().optional() }).optional(),
  capabilities: z.array(z.string().max(100)).max(20).optional(),
});

const problem = (reply: FastifyReply, status: number, title: string) =>
  reply.code(status).type('application/problem+json').send({ type: 'about:blank', title, status });

export function registerRelyingPartyApi(sid: FastifyInstance, sessions: SessionStore, opts: RelyingPartyTiming): void {
  const sessionTimeoutMs = opts.sessionTimeoutMs ?? 120_000;
  const magicDelayMs = opts.magicDelayMs ?? 1000;
  const idempotent = new IdempotentStarts();

  sid.post<{ Params: { semanticsId: string } }>(
    '/v2/authentication/etsi/:semanticsId',
    { logLevel: 'silent' },
    (request, reply) => {
      const identifier = /^PNO(EE|LT|LV)-(.+)$/.exec(request.params.semanticsId);
      if (!identifier) return problem(reply, 400, 'Bad Request');
      const body = startBodySchema.safeParse(request.body);
      if (!body.success) return problem(reply, 400, 'Bad Request');
      const { hash: hashBase64, hashType, allowedInteractionsOrder } = body.data;
      const hash = Buffer.from(hashBase64, 'base64');
      if (hash.length !== HASH_BYTES[hashType]) return problem(reply, 400, 'Bad Request');
      if (identifier[1] !== 'LV') return problem(reply, 404, 'Not Found');
      const personalCode = /^\d{6}-\d{5}$/.test(identifier[2] ?? '') ? (identifier[2] as string) : null;
      if (!personalCode) return problem(reply, 400, 'Bad Request');

      if (personalCode === SMART_ID_MAGIC_CODES.noSuitableAccount) {
        return problem(reply, 471, 'No suitable account of requested type found, but user has some other accounts.');
      }
      if (personalCode === SMART_ID_MAGIC_CODES.personShouldViewApp) {
        return problem(reply, 472, 'Person should view Smart-ID app or Smart-ID self-service portal now.');
      }
      if (personalCode === SMART_ID_MAGIC_CODES.accountNotFound) return problem(reply, 404, 'Not Found');
      const startKey = IdempotentStarts.key(request.params.semanticsId, request.body);
      const repeated = idempotent.find(startKey);
      if (repeated !== undefined && sessions.get(repeated)) return reply.send({ sessionID: repeated });
      if (sessions.isFull) return problem(reply, 503, 'Service Unavailable');

      const interaction = allowedInteractionsOrder.find((item) => SUPPORTED_INTERACTIONS.has(item.type));
      const session = sessions.open({
        personalCode,
        hash,
        displayText: interaction?.displayText60 ?? interaction?.displayText200 ?? '',
        interaction: interaction?.type ?? '',
      });

      const magic = /^329999-010(\d\d)$/.exec(personalCode);
      const magicResult = magic ? SMART_ID_API_END_RESULTS[Number(magic[1])] : undefined;
      if (!interaction) {
        sessions.complete(session, 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP');
      } else if (magicResult) {
        sessions.schedule(session, magicDelayMs, () => sessions.complete(session, magicResult));
      } else if (opts.autoEndResult) {
        const endResult = opts.autoEndResult;
        sessions.schedule(session, opts.autoDelayMs ?? 0, () => sessions.complete(session, endResult));
      } else {
        sessions.schedule(session, sessionTimeoutMs, () => sessions.complete(session, 'TIMEOUT'));
      }
      idempotent.remember(startKey, session.id);
      return reply.send({ sessionID: session.id });
    },
  );

  sid.get<{ Params: { sessionId: string } }>('/v2/session/:sessionId', async (request, reply) => {
    const raw = field(request.query, 'timeoutMs');
    const timeoutMs = raw === '' ? DEFAULT_POLL_MS : /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
    if (!(timeoutMs >= 0 && timeoutMs <= MAX_POLL_MS)) return problem(reply, 400, 'Bad Request');
    const session = sessions.get(request.params.sessionId);
    if (!session) return problem(reply, 404, 'Not Found');
    await sessions.waitForAnswer(session, timeoutMs);
    return reply.header('cache-control', 'no-store').send(session.answer ?? { state: 'RUNNING' });
  });
}
