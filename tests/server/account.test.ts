import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountAnswerSchema, type AccountAnswer } from '../../domain/account-api.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import {
  allLendersAnswered,
  answerSmartId,
  browserMarkOf,
  identifyByBank,
  formOf,
  loginByBank as loginThroughBank,
  postForm,
  submit,
  waitForStatus,
} from '../support/flow.ts';
import { present } from '../support/present.ts';

/** The personal account over HTTP, as its page uses it: login, the person's applications, consents, logout. */

const PERSON = '010180-15097';
const OTHER_PERSON = '120389-10050';

describe.each<Storage>(['pglite', 'postgres'])('the personal account (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const json = { 'content-type': 'application/json' };

  const loginByBank = async (personalCode = PERSON, language: 'lv' | 'ru' = 'lv') =>
    loginThroughBank(base, personalCode, language);

  const cookieOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

  const account = async (cookie: string): Promise<AccountAnswer> => {
    const response = await fetch(`${base}/api/account`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return accountAnswerSchema.parse(await response.json());
  };

  it('answers 401 in the caller’s language without a session, and with an unknown one', async () => {
    const none = await fetch(`${base}/api/account?lang=ru`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'notLoggedIn', message: expect.stringMatching(/войдите/) });
    const forged = await fetch(`${base}/api/account`, { headers: { cookie: 'kk_session=forged' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({
      error: 'notLoggedIn',
      message: expect.stringMatching(/pieslēdzieties/),
    });
  });

  it('logs in by bank with a cookie that is HttpOnly, SameSite=Lax, limited to the account API, and lists only that person’s applications', async () => {
    const mine = await submit(base, { emailNotices: true });
    await submit(base, { personalId: OTHER_PERSON });
    const { location, setCookie } = await loginByBank();
    expect(location).toBe('/profils');
    expect(setCookie).toMatch(/^kk_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/account/);
    // plain HTTP on this machine: a Secure cookie would never come back (Secure elsewhere: sessions.test.ts)
    expect(setCookie).not.toMatch(/Secure/i);
    expect(mine).toBeTruthy();

    // the page's first question: a live session or none, answered 200 either way
    const session = async (cookie?: string) =>
      (await fetch(`${base}/api/account/session`, cookie ? { headers: { cookie } } : {})).json();
    expect(await session()).toEqual({ loggedIn: false });
    expect(await session('kk_session=forged')).toEqual({ loggedIn: false });
    expect(await session(cookieOf(setCookie))).toEqual({ loggedIn: true });

    const overview = await account(cookieOf(setCookie));
    expect(overview.firstName).toBe('Jānis');
    expect(overview.applications.length).toBeGreaterThanOrEqual(1);
    expect(overview.applications.every((application) => application.continuable)).toBe(true);
    expect(overview.consents.find((consent) => consent.kind === 'email')).toMatchObject({
      granted: true,
      source: 'applicationForm',
    });
    expect(overview.consents.find((consent) => consent.kind === 'phone')).toMatchObject({
      granted: false,
      changedAt: null,
      source: null,
    });
  });

  it('refuses someone else’s application as not found, and hands over one’s own to the wizard', async () => {
    const otherToken = await submit(base, { personalId: OTHER_PERSON });
    expect(otherToken).toBeTruthy();
    const { setCookie } = await loginByBank(OTHER_PERSON);
    const otherId = (await account(cookieOf(setCookie))).applications[0]?.id;
    expect(otherId).toBeDefined();

    const { setCookie: mine } = await loginByBank(PERSON);
    const theirs = await fetch(`${base}/api/account/applications/${otherId}/handoff`, {
      method: 'POST',
      headers: { cookie: cookieOf(mine) },
    });
    expect(theirs.status).toBe(404);
    const own = (await account(cookieOf(mine))).applications[0];
    const handoff = await fetch(`${base}/api/account/applications/${own?.id}/handoff`, {
      method: 'POST',
      headers: { cookie: cookieOf(mine) },
    });
    expect(handoff.status).toBe(200);
    const { code } = (await handoff.json()) as { code: string };
    const redeemed = await fetch(`${base}/api/applications/handoff/redeem`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ code }),
    });
    expect(redeemed.status).toBe(200);
  });

  it('chooses an offer from the account and answers where to sign', async () => {
    const token = await submit(base);
    await identifyByBank(base, token, 'approve');
    const settled = await waitForStatus(base, token, (s) => allLendersAnswered(s) && s.offers.length > 0);
    const { setCookie } = await loginByBank();
    const cookie = cookieOf(setCookie);
    const listed = (await account(cookie)).applications.find((application) => application.offers.length > 0);
    expect(listed?.offers.map((offer) => offer.id).sort()).toEqual(settled.offers.map((offer) => offer.id).sort());
    const chosen = await fetch(`${base}/api/account/applications/${listed?.id}/choose`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ offerId: listed?.offers[0]?.id }),
    });
    expect(chosen.status).toBe(200);
    expect(((await chosen.json()) as { signUrl: string }).signUrl).toMatch(/\/contracts\//);
    const after = (await account(cookie)).applications.find((application) => application.id === listed?.id);
    expect(after).toMatchObject({ state: 'offerChosen', chosenOfferId: listed?.offers[0]?.id, signedAt: null });
  });

  it('opens the standard information of an offer of one’s own application only, and dates the signature and the payout', async () => {
    const token = await submit(base);
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, (s) => allLendersAnswered(s) && s.offers.length > 0);
    const cookie = cookieOf((await loginByBank()).setCookie);
    const listed = (await account(cookie)).applications.find((application) => application.state === 'offers');
    const offer = listed?.offers[0];
    if (!listed || !offer) throw new Error('an application with offers');
    const path = `/api/account/applications/${listed.id}/standardInformation`;

    const page = await fetch(`${base}${path}?offerId=${offer.id}&lang=ru`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(offer.lenderName);
    expect(html).toContain(`${path}?offerId=${offer.id}&amp;lang=ru&amp;format=pdf`);
    const pdf = await fetch(`${base}${path}?offerId=${offer.id}&format=pdf`, { headers: { cookie } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // without the session, or with another person's, nothing about the offer
    expect((await fetch(`${base}${path}?offerId=${offer.id}`)).status).toBe(401);
    const stranger = cookieOf((await loginByBank(OTHER_PERSON)).setCookie);
    expect((await fetch(`${base}${path}?offerId=${offer.id}`, { headers: { cookie: stranger } })).status).toBe(404);

    const choice = await fetch(`${base}/api/account/applications/${listed.id}/choose`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ offerId: offer.id }),
    });
    const { signUrl } = (await choice.json()) as { signUrl: string };
    const { action, fields } = formOf(await (await fetch(signUrl)).text(), signUrl);
    await postForm(action, { ...fields, consent: 'yes' });
    await waitForStatus(base, token, (s) => s.state === 'paid');
    const paid = (await account(cookie)).applications.find((application) => application.id === listed.id);
    expect(paid?.state).toBe('paid');
    const signedAt = Date.parse(paid?.signedAt ?? '');
    const paidAt = Date.parse(paid?.paidAt ?? '');
    expect(signedAt).toBeGreaterThan(Date.parse(listed.createdAt));
    expect(paidAt).toBeGreaterThanOrEqual(signedAt);
  });

  it('logs in by Smart-ID: the page polls until the person confirmed in the app', async () => {
    const start = await fetch(`${base}/api/account/login/start`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ method: 'smartId', personalCode: PERSON, language: 'ru' }),
    });
    expect(start.status).toBe(200);
    const browser = { ...json, cookie: present(browserMarkOf(start), 'the starting browser’s mark') };
    const { verificationCode, pollSecret } = (await start.json()) as { verificationCode: string; pollSecret: string };
    expect(verificationCode).toMatch(/^\d{4}$/);
    await answerSmartId(base, PERSON, 'OK');
    let setCookie = '';
    let state = 'pending';
    for (let round = 0; round < 20 && state === 'pending'; round += 1) {
      const poll = await fetch(`${base}/api/account/login/poll`, {
        method: 'POST',
        headers: browser,
        body: JSON.stringify({ pollSecret }),
      });
      expect(poll.status).toBe(200);
      state = ((await poll.json()) as { state: string }).state;
      setCookie = poll.headers.get('set-cookie') ?? setCookie;
    }
    expect(state).toBe('succeeded');
    expect((await account(cookieOf(setCookie))).firstName).toBe('Jānis');
    // the same secret never opens a second session
    const again = await fetch(`${base}/api/account/login/poll`, {
      method: 'POST',
      headers: browser,
      body: JSON.stringify({ pollSecret }),
    });
    expect(await again.json()).toMatchObject({ state: 'failed' });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a Smart-ID login for a malformed personal code with the field’s message', async () => {
    const start = await fetch(`${base}/api/account/login/start`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ method: 'smartId', personalCode: '123', language: 'lv' }),
    });
    expect(start.status).toBe(400);
    expect(await start.json()).toMatchObject({ fields: { personalCode: 'Nederīgs personas kods' } });
  });

  it('ends a session after 30 idle minutes, and keeps it alive while it is used', async () => {
    const cookie = cookieOf((await loginByBank()).setCookie);
    await account(cookie);
    // 29 idle minutes: still there, and the request restarts the clock
    await running.broker.db.query(`UPDATE account_sessions SET last_seen_at = now() - interval '29 minutes'`);
    const overview = await account(cookie);
    expect(Date.parse(overview.sessionExpiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    await running.broker.db.query(`UPDATE account_sessions SET last_seen_at = now() - interval '31 minutes'`);
    const idle = await fetch(`${base}/api/account`, { headers: { cookie } });
    expect(idle.status).toBe(401);
    // the browser is told to forget the cookie
    expect(idle.headers.get('set-cookie')).toMatch(/^kk_session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('records a withdrawn consent with when and how, and logs out here or everywhere', async () => {
    const first = cookieOf((await loginByBank()).setCookie);
    const second = cookieOf((await loginByBank()).setCookie);
    const withdrawn = await fetch(`${base}/api/account/consents`, {
      method: 'PUT',
      headers: { ...json, cookie: first },
      body: JSON.stringify({ kind: 'email', granted: false }),
    });
    expect(withdrawn.status).toBe(200);
    const consents = (await withdrawn.json()) as {
      kind: string;
      granted: boolean;
      source: string;
      changedAt: string;
    }[];
    expect(consents.find((consent) => consent.kind === 'email')).toMatchObject({ granted: false, source: 'account' });

    const here = await fetch(`${base}/api/account/logout`, {
      method: 'POST',
      headers: { ...json, cookie: first },
      body: JSON.stringify({ everywhere: false }),
    });
    expect(here.status).toBe(204);
    expect((await fetch(`${base}/api/account`, { headers: { cookie: first } })).status).toBe(401);
    expect((await fetch(`${base}/api/account`, { headers: { cookie: second } })).status).toBe(200);

    const third = cookieOf((await loginByBank()).setCookie);
    const everywhere = await fetch(`${base}/api/account/logout`, {
      method: 'POST',
      headers: { ...json, cookie: third },
      body: JSON.stringify({ everywhere: true }),
    });
    expect(everywhere.status).toBe(204);
    expect((await fetch(`${base}/api/account`, { headers: { cookie: second } })).status).toBe(401);
  });

  it('exports everything held about the person, then erases it and tells each lender the application is withdrawn', async () => {
    const person = '300575-10000';
    const token = await submit(base, { personalId: person, firstname: 'Anna' });
    await identifyByBank(base, token, 'approve', person);
    const settled = await waitForStatus(base, token, allLendersAnswered);
    const cookie = cookieOf((await loginByBank(person)).setCookie);

    const exported = await fetch(`${base}/api/account/export`, { headers: { cookie } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kreditkompass-dati-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await exported.text();
    const data = JSON.parse(text) as { applications: { applicant: { firstname: string; personalId: string } }[] };
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]?.applicant).toMatchObject({ firstname: 'Anna', personalId: person });
    // nothing about how the rows are kept: no token hashes, ciphertexts or keys
    expect(text).not.toMatch(/token_hash|ciphertext|person_key|key_id|id_hash/);
    expect(text).not.toContain(token);

    const offered = settled.lenders.filter((lender) => ['offer', 'sent'].includes(lender.progress)).length;
    const erased = await fetch(`${base}/api/account/erase`, { method: 'POST', headers: { cookie } });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toMatchObject({ withdrawnApplications: 1, deletedApplications: 1 });
    // the session ended with the data
    expect((await fetch(`${base}/api/account`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${base}/api/getApplicationStatus?token=${token}`)).status).toBe(404);

    const withdrawals = async () =>
      (
        (await (await fetch(`${base}/sandbox/lenders/withdrawals`)).json()) as { reason: string; lenderId: string }[]
      ).filter((withdrawal) => settled.lenders.some((lender) => lender.lenderId === withdrawal.lenderId));
    const deadline = Date.now() + 10_000;
    let recorded = await withdrawals();
    while (recorded.length < offered && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recorded = await withdrawals();
    }
    expect(offered).toBeGreaterThan(0);
    expect(recorded.length).toBeGreaterThanOrEqual(offered);
    expect(recorded.every((withdrawal) => withdrawal.reason === 'erasure')).toBe(true);

    // logged in again: nothing left
    const again = cookieOf((await loginByBank(person)).setCookie);
    expect((await account(again)).applications).toEqual([]);
  });
});
