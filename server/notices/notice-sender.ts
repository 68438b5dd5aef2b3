import { ACCOUNT_PATHS } from '../../domain/account-paths.ts';
import { lendersAskedFor } from '../applications/lender-choice.ts';
import { BEST_OFFER_SQL } from '../applications/best-offer-sql.ts';
import type { Job } from 'pg-boss';
import { continueApplication, unsubscribe as unsubscribeEndpoint } from '../../domain/contract/messages.ts';
import type { DocumentKind } from '../../domain/documents.ts';
import type { Language } from '../../domain/language.ts';
import type { Broker } from '../broker.ts';
import type { NoticeJob } from '../jobs/queues.ts';
import { countNotice } from '../ops/metrics/record.ts';
import { mayNotify, type NoticeChannel } from '../account/consents.ts';
import { openApplicant } from '../applications/applicant-record.ts';
import { applicationRowById, type ApplicationRow } from '../applications/status.ts';
import { phoneKeyOf } from '../security/lookup-keys.ts';
import { PENDING_REQUESTS_SQL } from '../applications/lifecycle/transition.ts';
import type { LenderEndpoint } from '../lenders/registry.ts';
import { continueCodeFor } from './continue-links.ts';
import { signCode } from './signed-codes.ts';
import { renderMail, renderSms, type NoticeData, type NoticeKind } from './templates/render.ts';

interface NoticeRow {
  readonly id: string;
  readonly application_id: string;
  readonly kind: NoticeKind;
  readonly channel: NoticeChannel;
  readonly state: string;
  readonly document_request_id: string | null;
  readonly call_request_id: string | null;
}

/** The pages our messages link to, by language. */
const UNSUBSCRIBE_PATH: Record<Language, string> = { lv: '/e-pasta-atteikums', ru: '/ru/otpiska' };

/**
 * Sends one queued message. Consent is read now, not when it was queued: a withdrawal stops what is
 * still waiting. A failure throws, and the queue tries again later; `sent` is set only after the
 * server took the message, so a retry after a crash may repeat one message but never lose it.
 */
export async function sendNotice(broker: Broker, job: Job<NoticeJob>): Promise<void> {
  const [notice] = (
    await broker.db.query<NoticeRow>(
      'SELECT id, application_id, kind, channel, state, document_request_id, call_request_id FROM notices WHERE id = $1',
      [job.data.noticeId],
    )
  ).rows;
  if (!notice || notice.state !== 'queued') return;
  const application = await applicationRowById(broker.db, notice.application_id);
  const applicant = application ? openApplicant(broker.cipher, application) : null;
  if (!application || !applicant || !(await mayNotify(broker.db, application.id, notice.channel))) {
    await settle(broker, notice.id, 'withheld');
    return;
  }
  if (notice.kind === 'allAnswered' && (await toldAllAnswered(broker, notice))) {
    await settle(broker, notice.id, 'superseded');
    return;
  }
  const documents = notice.document_request_id ? await requestedDocuments(broker, notice.document_request_id) : null;
  // the person answered the request, or its due date passed, before the message could go: it has nothing to ask
  if (notice.kind === 'documentsRequested' && !documents) {
    await settle(broker, notice.id, 'superseded');
    return;
  }
  const callSlot = notice.call_request_id ? await waitingCallSlot(broker, notice.call_request_id) : null;
  // the call was cancelled or moved before its confirmation could go: the moved one has its own
  if (notice.kind === 'callRequested' && !callSlot) {
    await settle(broker, notice.id, 'superseded');
    return;
  }
  const { pendingCount, ...base } = await noticeData(broker, notice, application, applicant.firstname);
  const data: NoticeData = {
    ...base,
    ...(documents ? documentsData(broker, documents, application.language) : {}),
    ...(callSlot ? { callSlot } : {}),
  };
  // "offers ready" that goes out when every lender has answered tells the whole picture: one message, not two
  // alike a moment apart (the "all answered" one then has nothing to add and stays unsent)
  const kind: NoticeKind = notice.kind === 'offersReady' && pendingCount === 0 ? 'allAnswered' : notice.kind;
  if (notice.channel === 'email') {
    const mail = renderMail(kind, application.language, data);
    const unsubscribe = `${broker.config.publicBaseUrl}${unsubscribeEndpoint.path}?code=${signCode(broker.config.lookupKey, 'unsubscribe', notice.id)}`;
    const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await countNotice(broker, 'email', job, broker.mailer.send({ to: applicant.email, ...mail, headers }));
  } else {
    if (await optedOutOfSms(broker, applicant.phoneNumber)) {
      await settle(broker, notice.id, 'withheld');
      return;
    }
    const sms = { to: applicant.phoneNumber, text: renderSms(kind, application.language, data) };
    await countNotice(broker, 'sms', job, broker.sms.send(sms));
  }
  await settle(broker, notice.id, 'sent', kind);
}

/**
 * `sent` with the kind of message that went out (an "offers ready" may have gone as "all answered"); `withheld`
 * without consent; `superseded` when an earlier message of the application said it all.
 */
async function settle(
  broker: Broker,
  noticeId: string,
  state: 'sent' | 'withheld' | 'superseded',
  kind?: NoticeKind,
): Promise<void> {
  await broker.db.query(
    `UPDATE notices SET state = $2, sent_at = CASE WHEN $2 = 'sent' THEN now() END, kind = COALESCE($3, kind)
     WHERE id = $1`,
    [noticeId, state, kind ?? null],
  );
}

/**
 * Whether the person has been or will be told on this channel that every lender answered: a message sent as
 * "all answered", or an "offers ready" still to go, which finds every lender answered when it goes. ("All
 * answered" is queued a batch after the last answer, so an "offers ready" still queued then reads its counts
 * after that answer; only one whose sending outlasts the batch, read before, would have told part of it.)
 */
async function toldAllAnswered(broker: Broker, notice: NoticeRow): Promise<boolean> {
  const rows = (
    await broker.db.query(
      `SELECT 1 FROM notices
       WHERE application_id = $1 AND channel = $2 AND id <> $3
         AND ((kind = 'allAnswered' AND state = 'sent') OR (kind = 'offersReady' AND state = 'queued'))`,
      [notice.application_id, notice.channel, notice.id],
    )
  ).rows;
  return rows.length > 0;
}

async function optedOutOfSms(broker: Broker, phoneNumber: string): Promise<boolean> {
  const rows = (
    await broker.db.query('SELECT 1 FROM sms_opt_outs WHERE phone_key = $1', [
      phoneKeyOf(broker.config.lookupKey, phoneNumber),
    ])
  ).rows;
  return rows.length > 0;
}

/** The slot of a call request still waiting for its call; null once cancelled, moved or made. */
async function waitingCallSlot(broker: Broker, callRequestId: string): Promise<string | null> {
  const [row] = (
    await broker.db.query<{ slot_start: Date }>(
      `SELECT slot_start FROM call_requests WHERE id = $1 AND state = 'requested'`,
      [callRequestId],
    )
  ).rows;
  return row ? new Date(row.slot_start).toISOString() : null;
}

interface RequestRow {
  lender_id: string;
  due_at: Date;
  /** null only for a request without items, which the callback's schema never lets in */
  items: { kind: DocumentKind; months: number | null; text_lv: string | null; text_ru: string | null }[] | null;
}

/** A documents request still waiting for the person, with its items in order; null once answered or past due. */
async function requestedDocuments(broker: Broker, requestId: string): Promise<RequestRow | null> {
  const [row] = (
    await broker.db.query<RequestRow>(
      `SELECT r.lender_id, r.due_at,
         (SELECT json_agg(json_build_object('kind', i.kind, 'months', i.months, 'text_lv', i.text_lv,
                                            'text_ru', i.text_ru) ORDER BY i.position)
          FROM document_items i WHERE i.request_id = r.id) AS items
       FROM document_requests r WHERE r.id = $1 AND r.state = 'open' AND r.due_at > now()`,
      [requestId],
    )
  ).rows;
  return row ?? null;
}

/** What a documents request's message tells: the lender, what it asks for (its own words in the language), by when. */
function documentsData(broker: Broker, request: RequestRow, language: Language): Partial<NoticeData> {
  return {
    lenderName: broker.lenders.get(request.lender_id)?.name ?? request.lender_id,
    documentsDueAt: new Date(request.due_at).toISOString(),
    requestedDocuments: (request.items ?? []).map((item) => {
      const text = language === 'ru' ? item.text_ru : item.text_lv;
      return {
        kind: item.kind,
        ...(item.months === null ? {} : { months: item.months }),
        ...(text === null ? {} : { text }),
      };
    }),
  };
}

/** Counts and names the message tells, read when it is sent; never the personal code, income or contacts. */
async function noticeData(
  broker: Broker,
  notice: NoticeRow,
  application: ApplicationRow,
  firstName: string,
): Promise<NoticeData & { readonly pendingCount: number }> {
  const base = broker.config.publicBaseUrl;
  const language = application.language;
  const code = await continueCodeFor(broker.db, broker.config.lookupKey, notice.id, application.id);
  const [counts] = (
    await broker.db.query<{
      offers: number;
      lenders: number;
      pending: number;
      declined: number;
      best_until: Date | null;
    }>(
      `SELECT (SELECT count(*)::int FROM offers WHERE application_id = $1 AND valid_until > now()) AS offers,
              (SELECT count(*)::int FROM lender_requests WHERE application_id = $1) AS lenders,
              (SELECT count(*)::int FROM (${PENDING_REQUESTS_SQL}) pending) AS pending,
              (SELECT count(*)::int FROM lender_requests WHERE application_id = $1 AND state = 'declined') AS declined,
              (SELECT o.valid_until FROM offers o JOIN applications a ON a.id = o.application_id
                WHERE o.application_id = $1 AND o.valid_until > now() AND ${BEST_OFFER_SQL}
                ORDER BY o.apr, o.total_payable, o.id LIMIT 1) AS best_until`,
      [application.id],
    )
  ).rows;
  const [chosen] = application.chosen_offer_id
    ? (
        await broker.db.query<{ lender_id: string; amount: number }>(
          'SELECT lender_id, amount::float8 AS amount FROM offers WHERE id = $1',
          [application.chosen_offer_id],
        )
      ).rows
    : [];
  return {
    firstName,
    continueUrl: `${base}${continueApplication.path}?${new URLSearchParams({ code, lang: language })}`,
    unsubscribeUrl: `${base}${UNSUBSCRIBE_PATH[language]}#code=${signCode(broker.config.lookupKey, 'unsubscribe', notice.id)}`,
    accountUrl: `${base}${ACCOUNT_PATHS[language]}`,
    offerCount: counts?.offers ?? 0,
    // before the identification no request exists yet: the lenders it will go to
    lenderCount: counts?.lenders || lendersAskedFor(broker.lenders, application).length,
    declinedCount: counts?.declined ?? 0,
    // before the identification no request exists: not every lender has answered
    pendingCount: counts?.lenders ? counts.pending : 1,
    ...(counts?.best_until ? { expiresAt: counts.best_until.toISOString() } : {}),
    ...(chosen
      ? {
          lenderName: broker.lenders.get(chosen.lender_id)?.name ?? chosen.lender_id,
          amount: chosen.amount,
          ...payoutTimeOf(broker.lenders.get(chosen.lender_id)),
        }
      : {}),
  };
}

/** The lender's payout time as its configuration states it, when it states one. */
const payoutTimeOf = (lender: LenderEndpoint | undefined) =>
  lender?.payoutTime ? { payoutTime: lender.payoutTime } : {};
