import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBankSandbox } from '../sandbox/banks/plugin.ts';
import {
  bankAuthorizeUrl,
  type BankReturnError,
  isBankReturnError,
  verifyBankReturn,
  type BankReturn,
} from './bank-link.ts';
import { formAction, hiddenFields, postForm, startApp, type RunningApp } from './test-support.ts';

let running: RunningApp;
const bankBaseUrl = () => `${running.origin}/sandbox/banks`;
const returnUrl = 'https://broker.example/api/identification/bank/return?x=1';

beforeAll(async () => {
  running = await startApp((app) => registerBankSandbox(app, {}));
});
afterAll(() => running.app.close());

/** Opens the bank's page for a state, submits it with a decision, and returns the redirect target. */
async function identify(
  institutionId: string,
  state: string,
  decision: 'approve' | 'refuse',
  person: Record<string, string> = { personal_code: '010180 15097', first_name: 'Anna', last_name: 'Kalniņa' },
): Promise<URL> {
  const url = bankAuthorizeUrl({ bankBaseUrl: bankBaseUrl(), institutionId, state, returnUrl, language: 'lv' });
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const body = await page.text();
  const answer = await postForm(new URL(formAction(body), running.origin).toString(), {
    ...hiddenFields(body),
    ...person,
    decision,
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

const queryOf = (url: URL) => Object.fromEntries(url.searchParams);

describe('internet-bank identification against the bank simulator', () => {
  it('approves: the signed answer carries the state, the hyphenated personal code and the names', async () => {
    const target = await identify('vidzemes-banka', 'state-approve', 'approve');
    expect(target.origin + target.pathname).toBe('https://broker.example/api/identification/bank/return');
    expect(target.searchParams.get('x')).toBe('1');
    const result = verifyBankReturn({ institutionId: 'vidzemes-banka', query: queryOf(target), now: new Date() });
    expect(result).toEqual<BankReturn>({
      kind: 'approved',
      state: 'state-approve',
      personalCode: '010180-15097',
      firstName: 'Anna',
      lastName: 'Kalniņa',
    });
  });

  it('refuses: a signed refusal with the state', async () => {
    const target = await identify('daugavas-banka', 'state-refuse', 'refuse', {});
    expect(verifyBankReturn({ institutionId: 'daugavas-banka', query: queryOf(target) })).toEqual({
      kind: 'refused',
      state: 'state-refuse',
    });
  });

  it('rejects a tampered field, a missing or foreign signature, and a repeated field', async () => {
    const target = await identify('latgales-banka', 'state-tamper', 'approve');
    const query = queryOf(target);
    const expectCode = (run: () => unknown, code: string) => {
      try {
        run();
        expect.unreachable('accepted');
      } catch (error) {
        expect(isBankReturnError(error)).toBe(true);
        expect((error as BankReturnError).code).toBe(code);
        expect((error as Error).message).not.toContain('010180');
      }
    };
    expectCode(
      () => verifyBankReturn({ institutionId: 'latgales-banka', query: { ...query, personal_code: '020280-15097' } }),
      'bad_signature',
    );
    expectCode(
      () => verifyBankReturn({ institutionId: 'latgales-banka', query: { ...query, mac: 'x' } }),
      'bad_signature',
    );
    const withoutMac: Record<string, string> = { ...query };
    delete withoutMac.mac;
    expectCode(() => verifyBankReturn({ institutionId: 'latgales-banka', query: withoutMac }), 'missing_field');
    // the same answer presented as another bank's
    expectCode(() => verifyBankReturn({ institutionId: 'zemgales-banka', query }), 'bad_signature');
    expectCode(
      () => verifyBankReturn({ institutionId: 'latgales-banka', query: { ...query, state: ['a', 'b'] } }),
      'malformed',
    );
    expectCode(() => verifyBankReturn({ institutionId: 'no-such-bank', query }), 'unknown_institution');
    expectCode(
      () => verifyBankReturn({ institutionId: 'latgales-banka', query, clientId: 'other' }),
      'wrong_recipient',
    );
  });

  it('rejects an answer older than five minutes or dated over a minute ahead', async () => {
    const target = await identify('zemgales-banka', 'state-time', 'approve');
    const query = queryOf(target);
    const signedAt = Date.parse(query.timestamp ?? '');
    const at = (offsetMs: number) => () =>
      verifyBankReturn({ institutionId: 'zemgales-banka', query, now: new Date(signedAt + offsetMs) });
    expect(at(4 * 60_000)().kind).toBe('approved');
    expect(at(-50_000)().kind).toBe('approved');
    expect(at(5 * 60_000 + 1000)).toThrow(expect.objectContaining({ code: 'stale' }));
    expect(at(-61_000)).toThrow(expect.objectContaining({ code: 'future' }));
  });
});
