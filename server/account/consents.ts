import { CONSENT_KINDS, type Consent, type ConsentKind, type ConsentSource } from '../../domain/account-api.ts';
import type { LoanApplication } from '../../domain/application.ts';
import type { Database, Sql } from '../db/database.ts';
import type { Broker } from '../broker.ts';

/**
 * Consents live per person (by the keyed hash of the personal code), one row per kind with the
 * latest word: when and how it was given or withdrawn. An application's own choices (the form's
 * boxes) say which of its notices the person asked for; a message goes out only while both hold,
 * so withdrawing in the account or by an unsubscribe link stops every message at once.
 */

export type NoticeChannel = 'email' | 'sms';
export type NoticeChoices = Readonly<Partial<Record<'email' | 'sms' | 'marketing', boolean>>>;

export const noticeChoicesOf = (application: LoanApplication): NoticeChoices => ({
  email: application.emailNotices === true,
  sms: application.smsNotices === true,
  marketing: application.acceptDirectMarketing === true,
});

/**
 * What the form's ticked boxes give; an unticked box withdraws nothing given before. The e-mail box is on as the
 * form opens: when the application edits one sent since `emailStopHoldsSince` and the person stopped e-mails
 * after that (the footer's link, the account), the stop holds for the edit.
 */
export async function recordFormConsents(
  broker: Broker,
  personKey: string,
  application: LoanApplication,
  emailStopHoldsSince?: Date,
) {
  const choices = noticeChoicesOf(application);
  const given = (['email', 'sms', 'marketing'] as const).filter((kind) => choices[kind]);
  for (const kind of given) {
    if (kind === 'email' && emailStopHoldsSince && (await stoppedSince(broker.db, personKey, emailStopHoldsSince))) {
      continue;
    }
    await setConsent(broker.db, personKey, kind, true, 'applicationForm');
  }
}

async function stoppedSince(db: Sql, personKey: string, since: Date): Promise<boolean> {
  const rows = (
    await db.query(
      `SELECT 1 FROM consents WHERE person_key = $1 AND kind = 'email' AND NOT granted AND changed_at >= $2`,
      [personKey, since],
    )
  ).rows;
  return rows.length > 0;
}

export async function setConsent(
  db: Sql,
  personKey: string,
  kind: ConsentKind,
  granted: boolean,
  source: ConsentSource,
): Promise<void> {
  await db.query(
    `INSERT INTO consents (person_key, kind, granted, source, changed_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (person_key, kind) DO UPDATE SET granted = $3, source = $4, changed_at = now()`,
    [personKey, kind, granted, source],
  );
}

export async function consentsOf(db: Sql, personKey: string): Promise<Consent[]> {
  const rows = (
    await db.query<{ kind: ConsentKind; granted: boolean; source: ConsentSource; changed_at: Date }>(
      'SELECT kind, granted, source, changed_at FROM consents WHERE person_key = $1',
      [personKey],
    )
  ).rows;
  return CONSENT_KINDS.map((kind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row
      ? { kind, granted: row.granted, changedAt: row.changed_at.toISOString(), source: row.source }
      : { kind, granted: false, changedAt: null, source: null };
  });
}

/** Whether a notice of this application may go out on this channel now. */
export async function mayNotify(db: Database, applicationId: string, channel: NoticeChannel): Promise<boolean> {
  const [row] = (
    await db.query<{ chosen: boolean | null; granted: boolean | null }>(
      `SELECT (a.notice_choices->>$2)::boolean AS chosen, c.granted
       FROM applications a LEFT JOIN consents c ON c.person_key = a.person_key AND c.kind = $2
       WHERE a.id = $1`,
      [applicationId, channel],
    )
  ).rows;
  return row?.chosen === true && row.granted === true;
}
