import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { buildStatus } from '../../server/applications/status.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { present } from '../support/present.ts';
import {
  allLendersAnswered,
  answerSmartId,
  formOf,
  identifyByBank,
  identifyByESignature,
  postForm,
  startIdentification,
  servingLenderCount,
  status,
  submit,
  waitForStatus,
} from '../support/flow.ts';

/** The status as its bytes came over the wire, for a client that sent this Accept-Encoding (fetch would decode). */
function statusOnTheWire(base: string, token: string, acceptEncoding?: string) {
  return new Promise<{ bytes: Buffer; encoding?: string; vary?: string }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    get(`${base}/api/getApplicationStatus?token=${token}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          bytes: Buffer.concat(chunks),
          encoding: response.headers['content-encoding'],
          vary: response.headers.vary,
        }),
      );
    }).once('error', reject);
  });
}

describe.each<Storage>(['pglite', 'postgres'])('an application travels to lenders and back (%s)', (storage) => {
  let broker: RunningBroker;
  let base: string;

  beforeAll(async () => {
    broker = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = broker.url;
  });
  afterAll(async () => broker.close());

  it("answers a new application's first status from memory, the same as the database gives", async () => {
    const token = await submit(base, {}, 'ru');
    const applicationId = await applicationIdForToken(broker.broker, token);
    const remembered = broker.broker.hub.cached(applicationId)?.toString();
    expect(remembered).toBeDefined();
    const { cipher, lenders } = broker.broker;
    expect(JSON.parse(remembered ?? '')).toEqual(await buildStatus(broker.broker.db, cipher, lenders, applicationId));
    expect(await status(base, token)).toMatchObject({ state: 'draft', language: 'ru', firstName: 'Jānis' });
  });

  it('submits, identifies by bank, receives offers from every lender, chooses one, signs and is paid', async () => {
    const token = await submit(base);
    const draft = await status(base, token);
    expect(draft).toMatchObject({ state: 'draft', firstName: 'Jānis', offers: [], lenders: [] });

    expect(await identifyByBank(base, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    const answered = await waitForStatus(base, token, allLendersAnswered);
    expect(answered.lenders).toHaveLength(await servingLenderCount(base));
    expect(answered.identification).toMatchObject({ method: 'bank', state: 'succeeded', failure: null });
    expect(answered.state).toBe('offers');
    expect(answered.offers.length).toBeGreaterThan(3);
    for (const offer of answered.offers) {
      expect(offer.apr).toBeGreaterThanOrEqual(offer.annualRate);
      expect(offer.totalPayable).toBeGreaterThan(offer.amount);
      expect(new Date(offer.validUntil).getTime()).toBeGreaterThan(Date.now());
    }
    // offers come sorted by APR, cheapest first
    const aprs = answered.offers.map((offer) => offer.apr);
    expect(aprs).toEqual([...aprs].sort((a, b) => a - b));

    // a browser's poll accepts compression: the same status in a fraction of the bytes
    const plain = await statusOnTheWire(base, token);
    expect(plain.encoding).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString())).toEqual(answered);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const sent = await statusOnTheWire(base, token, accept);
      expect({ encoding: sent.encoding, vary: sent.vary }).toEqual({ encoding, vary: 'accept-encoding' });
      expect(sent.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(decode(sent.bytes).toString()).toBe(plain.bytes.toString());
    }

    const chosen = present(answered.offers[0], 'an offer');
    const choice = await fetch(`${base}/api/applications/chooseOffer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, offerId: chosen.id }),
    });
    expect(choice.status).toBe(200);
    const { signUrl } = (await choice.json()) as { signUrl: string };
    expect(signUrl).toContain(`/sandbox/lenders/${chosen.lenderId}/contracts/`);
    expect(await status(base, token)).toMatchObject({ state: 'offerChosen', chosenOfferId: chosen.id, signUrl });

    const contract = await fetch(signUrl);
    expect(contract.status).toBe(200);
    const { action, fields } = formOf(await contract.text(), signUrl);
    const signed = await postForm(action, { ...fields, consent: 'yes' });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`${base}/applicantWorkflow/offerChosen`);
    await waitForStatus(base, token, (s) => s.state === 'paid');
  });

  it('fails identification when the bank is refused, and lets the person try again', async () => {
    const token = await submit(base);
    expect(await identifyByBank(base, token, 'refuse')).toBe(
      '/applicantWorkflow/choosingIdConfirmationMethodWithError',
    );
    expect(await status(base, token)).toMatchObject({
      state: 'identificationFailed',
      identification: { method: 'bank', state: 'failed', failure: 'refused' },
      lenders: [],
    });
    expect(await identifyByBank(base, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    await waitForStatus(base, token, (s) => s.state === 'offers' || s.state === 'processing');
  });

  it('fails identification when the bank identifies someone else', async () => {
    const token = await submit(base);
    expect(await identifyByBank(base, token, 'approve', '120389-10050')).toBe(
      '/applicantWorkflow/choosingIdConfirmationMethodWithError',
    );
    expect(await status(base, token)).toMatchObject({
      state: 'identificationFailed',
      identification: { failure: 'personalCodeMismatch' },
    });
  });

  it('identifies by Smart-ID with the verification code shown, and handles a refusal', async () => {
    const personalCode = '325671-23456';
    const token = await submit(base, { personalId: personalCode, dateOfBirth: '1985-07-21' });
    const start = await startIdentification(base, { token, language: 'lv', method: 'smartId' });
    expect(start.status).toBe(200);
    const { verificationCode } = (await start.json()) as { verificationCode: string };
    expect(verificationCode).toMatch(/^\d{4}$/);
    expect(await status(base, token)).toMatchObject({
      state: 'identifying',
      identification: { method: 'smartId', state: 'pending', verificationCode },
    });
    await answerSmartId(base, personalCode, 'USER_REFUSED');
    await waitForStatus(base, token, (s) => s.state === 'identificationFailed');
    expect((await status(base, token)).identification).toMatchObject({ failure: 'refused', verificationCode: null });

    const again = await startIdentification(base, { token, language: 'lv', method: 'smartId' });
    expect(again.status).toBe(200);
    await answerSmartId(base, personalCode, 'OK');
    const done = await waitForStatus(base, token, allLendersAnswered);
    expect(done.identification).toMatchObject({ method: 'smartId', state: 'succeeded' });
  });

  it('maps every Smart-ID end result to its failure', async () => {
    const cases: [string, string][] = [
      ['TIMEOUT', 'timeout'],
      ['WRONG_VC', 'wrongVerificationCode'],
      ['DOCUMENT_UNUSABLE', 'documentUnusable'],
      ['REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP', 'notSupported'],
      ['USER_REFUSED_CERT_CHOICE', 'refused'],
    ];
    await Promise.all(
      cases.map(async ([endResult, failure], index) => {
        const personalCode = `33000${index}-1000${index}`;
        const token = await submit(base, { personalId: personalCode, dateOfBirth: '1990-01-01' });
        expect((await startIdentification(base, { token, language: 'lv', method: 'smartId' })).status).toBe(200);
        await answerSmartId(base, personalCode, endResult);
        const failed = await waitForStatus(base, token, (s) => s.state === 'identificationFailed');
        expect(failed.identification.failure).toBe(failure);
      }),
    );
  });

  it('identifies by electronic signature, approve and refuse', async () => {
    const refused = await submit(base, {}, 'ru');
    expect(await identifyByESignature(base, refused, 'refuse')).toBe(
      '/ru/applicantWorkflow/choosingIdConfirmationMethodWithError',
    );
    expect((await status(base, refused)).identification).toMatchObject({ method: 'eSignature', failure: 'refused' });

    const approved = await submit(base, {}, 'ru');
    expect(await identifyByESignature(base, approved, 'approve')).toBe('/ru/applicantWorkflow/confirmingIdentity');
    await waitForStatus(base, approved, allLendersAnswered);
  });
});
