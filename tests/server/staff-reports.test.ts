import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pathOf, type EndpointDefinition } from '../../domain/contract/define-endpoint.ts';
import * as reports from '../../domain/contract/staff-reports.ts';
import type { ApplicationStatus } from '../../domain/api.ts';
import type { LoanApplicationInput } from '../../domain/application.ts';
import {
  commissionAnswerSchema,
  funnelAnswerSchema,
  FUNNEL_STAGES,
  lenderHealthAnswerSchema,
  type FunnelCounts,
  type FunnelQueryInput,
} from '../../domain/staff-reports-api.ts';
import type { Tracking } from '../../domain/tracking.ts';
import { expireStaleApplications } from '../../server/applications/maintenance.ts';
import { addStaffMember } from '../../server/staff/members.ts';
import { createStaffSession, staffSessionCookieOf } from '../../server/staff/sessions.ts';
import { validApplication } from '../fixtures/application.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, formOf, identifyByBank, postForm, waitForStatus } from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * The administrator's reports (issue 34) over applications made through the real flow: the funnel's counts, each
 * lender's health and the commissions match what the test did, and the CSV says the same.
 */

const rigaToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .slice(0, 10);

/** percentile_cont's linear interpolation between the two nearest ranks. */
function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = present(sorted[low]);
  return lowValue + (present(sorted[high]) - lowValue) * (rank - low);
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The CSV as sent, its byte-order mark kept (Response.text() drops it). */
const csvOf = async (response: Response): Promise<string> =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

describe.each<Storage>(['pglite', 'postgres'])("the administrator's reports (%s)", (storage) => {
  let running: RunningBroker;
  let base: string;
  let cookie: string;
  const today = rigaToday();
  const made: { paid: ApplicationStatus | null; offered: ApplicationStatus | null; offeredToken: string } = {
    paid: null,
    offered: null,
    offeredToken: '',
  };

  const get = (endpoint: EndpointDefinition, query: Record<string, string> = {}) =>
    fetch(`${base}${pathOf(endpoint)}?${new URLSearchParams(query).toString()}`, { headers: { cookie } });

  const submitTracked = async (
    tracking: Tracking,
    application: Partial<LoanApplicationInput> = {},
    extra: { test?: true } = {},
  ): Promise<string> => {
    const response = await fetch(`${base}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        language: 'lv',
        application: { ...validApplication, ...application },
        tracking,
        ...extra,
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { token: string }).token;
  };

  const funnelEvent = async (body: object) => {
    const response = await fetch(`${base}${pathOf(reports.recordFunnelEvent)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(204);
  };

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
    const { db } = running.broker;
    await addStaffMember(
      db,
      base,
      { email: 'admin@kreditkompass.lv', name: 'Admin', role: 'administrator', language: 'lv' },
      null,
    );
    const [admin] = (await db.query<{ id: string }>("SELECT id FROM staff_members WHERE role = 'administrator'")).rows;
    cookie = `${staffSessionCookieOf(base).name}=${await createStaffSession(db, present(admin).id)}`;

    // the calculator used three times (twice on acme.lv's widget), the form started twice
    await funnelEvent({ kind: 'calculator', product: 'consumer', publisherId: 'acme.lv' });
    await funnelEvent({ kind: 'calculator', product: 'consumer', publisherId: 'acme.lv' });
    await funnelEvent({ kind: 'calculator', product: 'car' });
    await funnelEvent({ kind: 'started', product: 'consumer', publisherId: 'acme.lv' });
    await funnelEvent({ kind: 'started', product: 'car' });

    // acme.lv brings one that is paid and one that gets offers and stops there; one comes direct for a car and is
    // never identified; a test application from acme.lv's widget counts nowhere
    const paid = await submitTracked({ publisherId: 'acme.lv', utm_source: 'acme' });
    const offered = await submitTracked({ publisherId: 'acme.lv' });
    made.offeredToken = offered;
    await submitTracked({}, { loanPurpose: 'buyingCar' });
    await submitTracked({ publisherId: 'acme.lv' }, {}, { test: true });

    expect(await identifyByBank(base, paid, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    expect(await identifyByBank(base, offered, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    const answered = await waitForStatus(base, paid, allLendersAnswered);
    made.offered = await waitForStatus(base, offered, allLendersAnswered);
    const chosen = present(answered.offers[0], 'an offer');
    const choice = await fetch(`${base}/api/applications/chooseOffer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: paid, offerId: chosen.id }),
    });
    expect(choice.status).toBe(200);
    const { signUrl } = (await choice.json()) as { signUrl: string };
    const contract = await fetch(signUrl);
    const { action, fields } = formOf(await contract.text(), signUrl);
    expect((await postForm(action, { ...fields, consent: 'yes' })).status).toBe(303);
    made.paid = await waitForStatus(base, paid, (s) => s.state === 'paid');
  }, 60_000);
  afterAll(async () => running.close());

  const funnel = async (query: Partial<FunnelQueryInput> = {}) => {
    const response = await get(reports.funnelReport, { from: today, to: today, ...query } as Record<string, string>);
    expect(response.status).toBe(200);
    return funnelAnswerSchema.parse(await response.json());
  };
  const counts = (values: readonly number[]): FunnelCounts => {
    const [calculator, started, submitted, identified, offers, chosen, signed, paid] = values.map(Number);
    return { calculator, started, submitted, identified, offers, chosen, signed, paid } as FunnelCounts;
  };

  it('counts the funnel of the day from the calculator to the payout, and by publisher and product', async () => {
    const offeredGotOffers = present(made.offered).offers.length > 0 ? 1 : 0;
    const whole = await funnel();
    expect(whole.rows).toEqual([
      { period: today, group: null, ...counts([3, 2, 3, 2, 1 + offeredGotOffers, 1, 1, 1]) },
    ]);

    const byPublisher = await funnel({ groupBy: 'publisher' });
    expect(byPublisher.totals).toEqual([
      { group: '', ...counts([1, 1, 1, 0, 0, 0, 0, 0]) },
      { group: 'acme.lv', ...counts([2, 1, 2, 2, 1 + offeredGotOffers, 1, 1, 1]) },
    ]);

    const byProduct = await funnel({ groupBy: 'product', unit: 'week' });
    expect(byProduct.totals).toEqual([
      { group: 'car', ...counts([1, 1, 1, 0, 0, 0, 0, 0]) },
      { group: 'consumer', ...counts([2, 1, 2, 2, 1 + offeredGotOffers, 1, 1, 1]) },
    ]);
    expect(byProduct.rows[0]?.period).toBe(byProduct.rows.at(-1)?.period);

    const carOnly = await funnel({ product: 'car' });
    expect(carOnly.totals).toEqual([{ group: null, ...counts([1, 1, 1, 0, 0, 0, 0, 0]) }]);
    const acmeOnly = await funnel({ publisherId: 'acme.lv' });
    expect(acmeOnly.totals[0]?.submitted).toBe(2);
    // yesterday saw nothing
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    expect((await funnel({ from: yesterday, to: yesterday })).rows).toEqual([]);
  });

  it('counts the offers of an application that expired while it had them, as before it expired', async () => {
    const before = await funnel();
    // the person's token runs out: the sweep expires the application left with its offers
    await running.broker.db.query(
      `UPDATE applications SET token_expires_at = now() - interval '1 minute'
       WHERE publisher_id = 'acme.lv' AND NOT test AND state IN ('offers', 'noOffers')`,
    );
    expect(await expireStaleApplications(running.broker)).toBe(1);
    expect((await waitForStatus(base, made.offeredToken, (s) => s.state === 'expired')).state).toBe('expired');
    expect((await funnel()).rows).toEqual(before.rows);
  });

  it('answers the same funnel as CSV with a byte-order mark, and writes each view and export to the audit log', async () => {
    const response = await get(reports.exportFunnelReport, { from: today, to: today, groupBy: 'publisher' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await csvOf(response);
    expect(
      text.startsWith('\uFEFFperiod,group,calculator,started,submitted,identified,offers,chosen,signed,paid,'),
    ).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const acme = present(lines.find((line) => line.startsWith(`${today},acme.lv,`)));
    const cells = acme.split(',');
    const total = present((await funnel({ groupBy: 'publisher' })).totals[1]);
    expect(cells.slice(2, 10).map(Number)).toEqual(FUNNEL_STAGES.map((stage) => total[stage]));
    // submitted of started, as a fraction: 2 / 1
    expect(Number(cells[11])).toBe(2);

    const { rows } = await running.broker.db.query<{ action: string; details: Record<string, unknown> }>(
      "SELECT action, details FROM audit_log WHERE action LIKE 'report.%' ORDER BY seq",
    );
    expect(rows.at(-2)).toMatchObject({
      action: 'report.exported',
      details: { report: 'funnel', from: today, to: today, groupBy: 'publisher', unit: 'day', publisherId: null },
    });
    expect(rows.at(-1)).toMatchObject({ action: 'report.viewed', details: { report: 'funnel', groupBy: 'publisher' } });
  });

  it("reports each lender's answers, times, declines by reason and documents over 24 hours and 30 days", async () => {
    const response = await get(reports.lenderHealthReport);
    expect(response.status).toBe(200);
    const answer = lenderHealthAnswerSchema.parse(await response.json());
    const statuses = [present(made.paid), present(made.offered)];
    const { rows } = await running.broker.db.query<{ lender_id: string; state: string; seconds: number | null }>(
      `SELECT lender_id, state, extract(epoch FROM answered_at - sent_at)::float8 AS seconds FROM lender_requests`,
    );
    for (const window of ['24h', '30d'] as const) {
      expect(answer.windows[window].map((lender) => lender.lenderId)).toEqual([...running.broker.lenders.keys()]);
      for (const health of answer.windows[window]) {
        const asked = statuses.flatMap((status) =>
          status.lenders.filter((lender) => lender.lenderId === health.lenderId),
        );
        const offers = asked.filter((lender) => lender.progress === 'offer').length;
        const declines = asked.filter((lender) => lender.progress === 'declined');
        expect(health, health.lenderId).toMatchObject({
          requests: asked.length,
          offers,
          declined: declines.length,
          answered: offers + declines.length,
          answerRate: asked.length > 0 ? (offers + declines.length) / asked.length : null,
          timeouts: 0,
          errors: 0,
          documentsRequested: asked.reduce((sum, lender) => sum + lender.documentRequests.length, 0),
        });
        for (const [reason, count] of Object.entries(health.declinesByReason)) {
          expect(count, `${health.lenderId} ${reason}`).toBe(
            declines.filter((lender) => lender.declineReason === reason).length,
          );
        }
        const times = rows
          .filter((row) => row.lender_id === health.lenderId && ['offer', 'declined'].includes(row.state))
          .map((row) => Number(row.seconds));
        const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
        expect(health.medianSeconds).toBe(round(percentile(times, 0.5)));
        expect(health.p95Seconds).toBe(round(percentile(times, 0.95)));
      }
    }
    const csv = await csvOf(await get(reports.exportLenderHealthReport));
    expect(csv.startsWith('\uFEFFwindow,lenderId,name,requests,answered,offers,declined,answerRate,')).toBe(true);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + 2 * running.broker.lenders.size);
  });

  it("counts the paid loan's commission by its lender's terms and acme.lv's share, in the table and the CSV", async () => {
    const paid = present(made.paid);
    const chosen = present(paid.offers.find((offer) => offer.id === paid.chosenOfferId));
    const lender = present(running.broker.lenders.get(chosen.lenderId));
    const terms = present(lender.commission, 'the sandbox lender has commission terms');
    const commission = cents((chosen.amount * terms.percentOfPrincipal) / 100 + terms.fixedPerLoan);
    const publisherShare = cents((commission * 40) / 100);
    const response = await get(reports.commissionReport, { from: today, to: today });
    expect(response.status).toBe(200);
    const answer = commissionAnswerSchema.parse(await response.json());
    expect(answer.rows).toEqual([
      {
        month: today.slice(0, 7),
        lenderId: chosen.lenderId,
        lenderName: lender.name,
        publisherId: 'acme.lv',
        publisherName: 'Acme.lv',
        loans: 1,
        principal: chosen.amount,
        commission,
        publisherShare,
        brokerNet: cents(commission - publisherShare),
      },
    ]);
    const csv = await csvOf(await get(reports.exportCommissionReport, { from: today, to: today }));
    expect(csv).toBe(
      '\uFEFFmonth,lenderId,lenderName,publisherId,publisherName,loans,principal,commission,publisherShare,brokerNet\r\n' +
        `${today.slice(0, 7)},${chosen.lenderId},${lender.name},acme.lv,Acme.lv,1,${chosen.amount.toFixed(2)},` +
        `${commission.toFixed(2)},${publisherShare.toFixed(2)},${cents(commission - publisherShare).toFixed(2)}\r\n`,
    );
  });

  it('refuses a range the wrong way round or longer than a year, and a funnel event with a person in it', async () => {
    expect((await get(reports.funnelReport, { from: today, to: '2020-01-01' })).status).toBe(400);
    expect((await get(reports.commissionReport, { from: '2020-01-01', to: today })).status).toBe(400);
    const response = await fetch(`${base}${pathOf(reports.recordFunnelEvent)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'calculator', product: 'consumer', email: 'a@b.lv' }),
    });
    expect(response.status).toBe(400);
  });
});
