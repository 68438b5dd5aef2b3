import { BEST_OFFER_SQL } from '../applications/best-offer-sql.ts';
import { randomUUID } from 'node:crypto';
import type { NoticeKind } from './templates/render.ts';
import type { Broker } from '../broker.ts';
import type { NoticeChannel, NoticeChoices } from '../account/consents.ts';
import { QUEUES, type NoticeJob } from '../jobs/queues.ts';
import type { Sql } from '../db/database.ts';
import { mailboxKeyOf } from '../security/lookup-keys.ts';
import { withinRecipientLimit, type OnRequestMessage } from './recipient-limits.ts';
import { withTraceContext } from '../ops/tracing/job-spans.ts';

/**
 * When a message is due. Each is queued once per application, channel and occasion (the unique
 * dedupe key), whoever notices the occasion first; consent is checked again when it is sent. An "offers
 * ready" goes out as "all answered" when every lender has answered by then (notice-sender.ts), so the
 * batches of "offers ready" are counted by their dedupe key, not by the kind they went out as.
 */

/** SMS are for what cannot wait (a lender's documents request has a due date); the rest goes by e-mail only. */
const SMS_KINDS: ReadonlySet<NoticeKind> = new Set([
  'offersReady',
  'expiryReminder',
  'signed',
  'documentsRequested',
  'callRequested',
  'continueLink',
]);
/** "Offers ready" at most once per this many minutes. */
const OFFERS_READY_EVERY_MINUTES = 10;

/** A channel's recipient whose messages of this kind are limited per hour (recipient-limits.ts). */
type LimitedRecipients = Partial<Record<NoticeChannel, { message: OnRequestMessage; recipientKey: string }>>;

interface QueueOptions {
  readonly startAfterSeconds?: number;
  readonly limited?: LimitedRecipients;
  /** the lender's documents request the message is about */
  readonly documentRequestId?: string;
  /** the call request the message confirms */
  readonly callRequestId?: string;
}

async function queueNotice(
  broker: Broker,
  applicationId: string,
  choices: NoticeChoices,
  kind: NoticeKind,
  dedupeKey: string,
  { startAfterSeconds = 0, limited = {}, documentRequestId, callRequestId }: QueueOptions = {},
): Promise<void> {
  const channels: NoticeChannel[] = ['email', 'sms'];
  for (const channel of channels) {
    if (choices[channel] !== true || (channel === 'sms' && !SMS_KINDS.has(kind))) continue;
    // a test application (a publisher trying the widget in test mode) gets no message: its contacts
    // are whatever the publisher typed in
    const insert = async (sql: Sql) =>
      (
        await sql.query<{ id: string }>(
          `INSERT INTO notices (id, application_id, kind, channel, dedupe_key, document_request_id, call_request_id)
           SELECT $1, $2, $3, $4, $5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM applications WHERE id = $2 AND test)
           ON CONFLICT (application_id, channel, dedupe_key) DO NOTHING RETURNING id`,
          [randomUUID(), applicationId, kind, channel, dedupeKey, documentRequestId ?? null, callRequestId ?? null],
        )
      ).rows[0];
    const limit = limited[channel];
    let row: { id: string } | undefined;
    if (limit) {
      // only a message that is queued counts against the recipient: a test application or a receipt taken over
      // from an edited application costs nothing
      await broker.db.transaction((tx) =>
        withinRecipientLimit(tx, limit.message, limit.recipientKey, async () => {
          row = await insert(tx);
          return row !== undefined;
        }),
      );
    } else {
      row = await insert(broker.db);
    }
    if (row) {
      const job: NoticeJob = { noticeId: row.id };
      await broker.boss.send(
        QUEUES.notice,
        withTraceContext(job),
        startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {},
      );
    }
  }
}

/**
 * Right after a submission: the message with the link that continues it. The submission passes the choices it
 * has just stored rather than have them read back: an application without notices costs no statement here.
 */
export async function noticeApplicationReceived(
  broker: Broker,
  applicationId: string,
  choices: NoticeChoices,
  email: string,
): Promise<void> {
  // anyone may submit with anyone's address: a mailbox gets a few receipts an hour, whoever submits and from
  // wherever; the submission itself is taken (refusing it would let a stranger block the person's own application)
  await queueNotice(broker, applicationId, choices, 'received', 'received', {
    limited: { email: { message: 'receiptEmail', recipientKey: mailboxKeyOf(broker.config.lookupKey, email) } },
  });
}

/**
 * After a lender answered, asked for documents, a contract was signed or its money paid: offers ready, all answered,
 * documents requested (once a request), signed, paid.
 */
export async function noticeLenderProgress(
  broker: Broker,
  applicationId: string,
  known?: NoticeChoices,
): Promise<void> {
  // a person who asked for no messages gets none of these: nothing to look up
  if (known && known.email !== true && known.sms !== true) return;
  const [row] = (
    await broker.db.query<{
      state: string;
      notice_choices: NoticeChoices;
      offers: number;
      requests: number;
      pending: number;
      ready_count: number;
      ready_due: boolean;
      unannounced_requests: string[];
    }>(
      `SELECT a.state, a.notice_choices,
         (SELECT count(*)::int FROM offers WHERE application_id = a.id) AS offers,
         (SELECT count(*)::int FROM lender_requests WHERE application_id = a.id) AS requests,
         (SELECT count(*)::int FROM lender_requests
           WHERE application_id = a.id AND state IN ('queued', 'sending', 'sent')) AS pending,
         (SELECT count(*)::int FROM notices
           WHERE application_id = a.id AND dedupe_key LIKE 'offersReady:%' AND channel = 'email') AS ready_count,
         COALESCE((SELECT max(n.created_at) < now() - make_interval(mins => $2)
                     AND max(n.created_at) < (SELECT max(created_at) FROM offers WHERE application_id = a.id)
                   FROM notices n WHERE n.application_id = a.id AND n.dedupe_key LIKE 'offersReady:%'), true) AS ready_due,
         (SELECT COALESCE(json_agg(r.id ORDER BY r.created_at, r.id), '[]') FROM document_requests r
           WHERE r.application_id = a.id AND r.state = 'open' AND r.due_at > now()
             AND NOT EXISTS (SELECT 1 FROM notices n
                             WHERE n.application_id = a.id AND n.document_request_id = r.id)) AS unannounced_requests
       FROM applications a WHERE a.id = $1`,
      [applicationId, OFFERS_READY_EVERY_MINUTES],
    )
  ).rows;
  if (!row) return;
  const choices = row.notice_choices;
  if (row.state === 'offers' && row.offers > 0 && row.ready_due) {
    await queueNotice(broker, applicationId, choices, 'offersReady', `offersReady:${row.ready_count}`, {
      startAfterSeconds: broker.config.notices.batchSeconds,
    });
  }
  if (row.requests > 0 && row.pending === 0 && ['offers', 'noOffers', 'offerChosen'].includes(row.state)) {
    await queueNotice(broker, applicationId, choices, 'allAnswered', 'allAnswered', {
      startAfterSeconds: broker.config.notices.batchSeconds,
    });
  }
  // each lender's request is news of its own; a lender repeating its callback stores no new request
  for (const requestId of row.unannounced_requests) {
    await queueNotice(broker, applicationId, choices, 'documentsRequested', `documentsRequested:${requestId}`, {
      documentRequestId: requestId,
    });
  }
  if (row.state === 'signed') await queueNotice(broker, applicationId, choices, 'signed', 'signed');
  if (row.state === 'paid') await queueNotice(broker, applicationId, choices, 'paid', 'paid');
}

/** From the minutely sweep: a reminder a day before the best offer runs out while none is chosen. */
export async function noticeExpiringOffers(broker: Broker): Promise<number> {
  const due = (
    await broker.db.query<{ id: string; notice_choices: NoticeChoices; offer_id: string }>(
      `SELECT a.id, a.notice_choices, best.id AS offer_id
       FROM applications a
       JOIN LATERAL (SELECT o.id, o.valid_until FROM offers o
                     WHERE o.application_id = a.id AND o.valid_until > now() AND ${BEST_OFFER_SQL}
                     ORDER BY o.apr, o.total_payable, o.id LIMIT 1) best ON true
       WHERE a.state = 'offers' AND best.valid_until <= now() + interval '24 hours'
         AND (a.notice_choices->>'email' = 'true' OR a.notice_choices->>'sms' = 'true')
         AND NOT EXISTS (SELECT 1 FROM notices n
                         WHERE n.application_id = a.id AND n.dedupe_key = 'expiryReminder:' || best.id::text)
       LIMIT 500`,
    )
  ).rows;
  for (const application of due) {
    await queueNotice(
      broker,
      application.id,
      application.notice_choices,
      'expiryReminder',
      `expiryReminder:${application.offer_id}`,
    );
  }
  return due.length;
}

/** A call request's confirmation: each request once (a moved call is a new request, confirmed again). */
export async function noticeCallRequested(broker: Broker, applicationId: string, callRequestId: string): Promise<void> {
  const [row] = (
    await broker.db.query<{ notice_choices: NoticeChoices }>('SELECT notice_choices FROM applications WHERE id = $1', [
      applicationId,
    ])
  ).rows;
  if (!row) return;
  await queueNotice(broker, applicationId, row.notice_choices, 'callRequested', `callRequested:${callRequestId}`, {
    callRequestId,
  });
}

/**
 * A consultant sends the person the continue link again (issue 34): a message of its own each time, on the channels
 * the person allowed (consent is read again when it goes). Answers those channels; none for a test application.
 */
export async function noticeContinueLink(broker: Broker, applicationId: string): Promise<NoticeChannel[]> {
  const [row] = (
    await broker.db.query<{ notice_choices: NoticeChoices; test: boolean }>(
      'SELECT notice_choices, test FROM applications WHERE id = $1',
      [applicationId],
    )
  ).rows;
  if (!row || row.test) return [];
  await queueNotice(broker, applicationId, row.notice_choices, 'continueLink', `continueLink:${randomUUID()}`);
  return (['email', 'sms'] as const).filter((channel) => row.notice_choices[channel] === true);
}
