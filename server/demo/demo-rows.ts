import type { Sql } from '../db/database.ts';
import { DemoTable } from './demo-tables.ts';

/**
 * The tables a demo application fills: `name type` a column, in the order demo-application.ts adds its values; the
 * tables in the order their foreign keys need them written.
 */
const TABLES = {
  applications: [
    'applications',
    `id uuid, token_hash text, token_expires_at timestamptz, idempotency_key text, request_hash text,
     token_ciphertext text, state text, language text, amount int, term int, purpose text, key_id text,
     applicant_ciphertext text, tracking jsonb, person_key text, notice_choices jsonb, chosen_offer_id uuid,
     chosen_at timestamptz, sign_url text, identified_at timestamptz, signed_at timestamptz, paid_at timestamptz,
     expired_from text, created_at timestamptz, updated_at timestamptz`,
  ],
  identifications: [
    'identifications',
    `id uuid, application_id uuid, method text, institution_id text, state text, failure text, created_at timestamptz,
     finished_at timestamptz, return_to text`,
  ],
  lenderRequests: [
    'lender_requests',
    `id uuid, application_id uuid, lender_id text, state text, attempts int, lender_reference text, failure text,
     sent_at timestamptz, answered_at timestamptz, created_at timestamptz`,
  ],
  offers: [
    'offers',
    `id uuid, application_id uuid, lender_id text, lender_offer_id text, amount numeric, term int, annual_rate numeric,
     arrangement_fee numeric, monthly_fee numeric, monthly_payment numeric, total_payable numeric,
     total_cost_of_credit numeric, apr numeric, exceeds_cost_cap boolean, valid_until timestamptz,
     created_at timestamptz`,
  ],
  reviewRequests: [
    'review_requests',
    `id uuid, application_id uuid, lender_id text, language text, state text, explanation text, attempts int,
     created_at timestamptz, sent_at timestamptz, answered_at timestamptz`,
  ],
  documentRequests: [
    'document_requests',
    `id uuid, application_id uuid, lender_id text, lender_request_id text, due_at timestamptz, state text,
     created_at timestamptz, answered_at timestamptz`,
  ],
  documentItems: [
    'document_items',
    `id uuid, request_id uuid, position int, kind text, months int, state text, sent_at timestamptz,
     received_at timestamptz`,
  ],
  callRequests: [
    'call_requests',
    `id uuid, application_id uuid, slot_start timestamptz, question_ciphertext text, phone_ciphertext text,
     language text, state text, created_at timestamptz, updated_at timestamptz`,
  ],
  notices: [
    'notices',
    `id uuid, application_id uuid, kind text, channel text, dedupe_key text, state text, created_at timestamptz,
     sent_at timestamptz, document_request_id uuid, call_request_id uuid`,
  ],
  loginAttempts: [
    'login_attempts',
    `id uuid, method text, language text, state text, person_key text, created_at timestamptz,
     finished_at timestamptz`,
  ],
  // the calculator's use and the form's start, which happen before an application exists (migration 0026)
  funnelEvents: ['funnel_events', `at timestamptz, kind text, product text, publisher_id text`],
  // a person's later application restates the consents: the first word stands here (the form's, as given)
  consents: [
    'consents',
    `person_key text, kind text, granted boolean, source text, changed_at timestamptz`,
    'ON CONFLICT DO NOTHING',
  ],
} as const satisfies Record<string, readonly [table: string, columns: string, suffix?: string]>;

export type DemoRows = { readonly [K in keyof typeof TABLES]: DemoTable };

/** `name type, …` as pairs. */
export const columnsOf = (list: string): [name: string, type: string][] =>
  list.split(',').map((column) => {
    const [name = '', type = ''] = column.trim().split(/\s+/);
    return [name, type];
  });

/** Empty tables for a batch. */
export const demoRows = (): DemoRows =>
  Object.fromEntries(
    Object.entries(TABLES).map(([key, [table, columns, suffix]]) => [
      key,
      new DemoTable(table, columnsOf(columns), suffix),
    ]),
  ) as unknown as DemoRows;

/** Writes a batch's rows, parents first; returns the rows written a table. */
export async function flushDemoRows(sql: Sql, rows: DemoRows): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  for (const table of Object.values(rows)) written[table.name] = await table.flush(sql);
  return written;
}
