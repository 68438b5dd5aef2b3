import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { partnerDocumentDeliverySchema, type PartnerDocumentDelivery } from '../../lenders/messages.ts';
import { checkPartnerMessage, IDEMPOTENCY_HEADER } from '../../lenders/partner-protocol.ts';
import { parseJson } from '../../lenders/raw-json.ts';
import { parseMultipart, type MultipartPart } from './multipart.ts';
import type { SandboxLender } from './catalogue.ts';
import { lenderOr404, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
import { lenderKey, remember, type LenderSandboxState, type ReceivedDocumentRecord } from './sandbox-state.ts';

/**
 * The partner protocol's documents delivery, checked as a lender would: the broker's signature over the `metadata`
 * part (fresh, never replayed), an idempotency key equal to its item id, a reference this lender gave, a request it
 * made about that application, and every file part exactly as the metadata announces it (type, length, SHA-256).
 * Once every item of its request came, the lender decides after its usual delay (answer-schedule.ts).
 *
 *   POST {prefix}/:lenderId/applications/:reference/documents   multipart, signed; 200 { received: true }
 *   GET  {prefix}/documents                                      every item received, newest first (for tests)
 */

/** Five files of 10 MB, and the parts' own lines. */
const DOCUMENTS_BODY_LIMIT = 60 * 1024 * 1024;

type DocumentsRequest = FastifyRequest<{ Params: LenderParams & { reference: string }; Body: unknown }>;

/** The metadata's files as the body carries them, or why not. */
function filesOf(
  delivery: PartnerDocumentDelivery,
  parts: readonly MultipartPart[],
): ReceivedDocumentRecord['files'] | string {
  const files: { contentType: string; bytes: number; sha256: string }[] = [];
  for (const announced of delivery.files) {
    const part = parts.find((candidate) => candidate.name === announced.part);
    if (!part) return 'missingPart';
    if (part.contentType !== announced.contentType) return 'contentType';
    if (part.data.length !== announced.bytes) return 'length';
    const sha256 = createHash('sha256').update(part.data).digest('hex');
    if (sha256 !== announced.sha256) return 'digest';
    files.push({ contentType: announced.contentType, bytes: part.data.length, sha256 });
  }
  return files;
}

async function receive(
  request: DocumentsRequest,
  reply: FastifyReply,
  state: LenderSandboxState,
  brokerPartnerId: string,
): Promise<{ lender: SandboxLender; record: ReceivedDocumentRecord; fresh: boolean } | undefined> {
  const lender = lenderOr404(request, reply);
  if (!lender) return undefined;
  const refuse = (status: number, error: string) => void reply.code(status).send({ error });
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const parts = parseMultipart(body, request.headers['content-type'] ?? '');
  const [metadata] = parts ?? [];
  if (!parts || metadata?.name !== 'metadata') return refuse(400, 'multipart');
  const raw = metadata.data.toString('utf8');
  const checked = await checkPartnerMessage(sandboxLenderSecret(lender.id), request.headers, raw, {
    expectedPartner: brokerPartnerId,
    nonces: state.nonces,
  });
  if (!checked.ok) return refuse(401, checked.reason);
  const parsed = partnerDocumentDeliverySchema.safeParse(parseJson(raw));
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (!parsed.success || parsed.data.itemId !== key) return refuse(400, 'invalid');
  const delivery = parsed.data;
  const { reference } = request.params;
  const own = lenderKey(lender.id, '');
  const accepted = [...state.accepted].find(
    ([k, application]) => k.startsWith(own) && application.reference === reference,
  );
  if (!accepted) return refuse(404, 'unknownReference');
  const asked = state.documentRequests.get(lenderKey(lender.id, delivery.requestId));
  if (asked?.application.applicationRef !== accepted[1].applicationRef) return refuse(404, 'unknownDocumentsRequest');
  if (asked.items[delivery.index]?.kind !== delivery.kind) return refuse(400, 'item');
  const files = filesOf(delivery, parts);
  if (typeof files === 'string') return refuse(400, files);
  const recordKey = lenderKey(lender.id, delivery.itemId);
  const known = state.documents.get(recordKey);
  if (known) return { lender, record: known, fresh: false };
  const record: ReceivedDocumentRecord = {
    lenderId: lender.id,
    reference,
    applicationRef: accepted[1].applicationRef,
    requestId: delivery.requestId,
    itemId: delivery.itemId,
    index: delivery.index,
    kind: delivery.kind,
    files,
    ...(delivery.incomeSummary
      ? {
          incomeSummary: {
            monthlyAverageCents: delivery.incomeSummary.monthlyAverageCents,
            mainKind: delivery.incomeSummary.mainKind,
          },
        }
      : {}),
    receivedAt: new Date().toISOString(),
  };
  remember(state.documents, recordKey, record);
  asked.received.set(delivery.index, files);
  if (delivery.incomeSummary) asked.incomeShown.set(delivery.index, delivery.incomeSummary.monthlyAverageCents);
  return { lender, record, fresh: true };
}

export function registerDocumentsRoutes(
  instance: FastifyInstance,
  { state, answers, background }: LenderRoutesContext,
  brokerPartnerId: string,
): void {
  if (instance.hasContentTypeParser('multipart/form-data')) instance.removeContentTypeParser('multipart/form-data');
  instance.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: DOCUMENTS_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  instance.post<{ Params: LenderParams & { reference: string }; Body: unknown }>(
    '/:lenderId/applications/:reference/documents',
    { bodyLimit: DOCUMENTS_BODY_LIMIT },
    async (request, reply) => {
      // a lender that is down is down for documents too: the broker must try again
      if (state.lenderBehaviourIsDown(request.params.lenderId)) return reply.code(500).send({ error: 'internal' });
      const received = await receive(request, reply, state, brokerPartnerId);
      if (!received) return reply;
      const { lender, record, fresh } = received;
      const asked = state.documentRequests.get(lenderKey(lender.id, record.requestId));
      if (fresh && asked && !asked.decided && asked.received.size === asked.items.length) {
        asked.decided = true;
        answers.afterDocuments(lender, asked).catch(background);
      }
      return reply.code(200).send({ received: true });
    },
  );

  instance.get<{ Querystring: { lenderId?: string } }>('/documents', async (request) =>
    [...state.documents.values()]
      .filter((record) => !request.query.lenderId || record.lenderId === request.query.lenderId)
      .reverse(),
  );
}
