import { lendersAnswerSchema, servesLoan } from '../../domain/lenders.ts';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { applicationStatusSchema, type ApplicationStatus } from '../../domain/api.ts';
import type { LoanApplicationInput } from '../../domain/application.ts';
import type { LoanPurpose } from '../../domain/loan-purposes.ts';
import { validApplication } from '../fixtures/application.ts';
import { postForm } from '../../server/identity/test-support.ts';

/** What a browser does with the API and the providers' pages, step by step, over HTTP. */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (value: string) => value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

export function formOf(page: string, pageUrl: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*method="post"[^>]*action="([^"]*)"/.exec(page);
  if (!form?.[1]) throw new Error('the page has no form');
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\s*\/?>/g)) {
    fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '');
  }
  return { action: new URL(unescape(form[1]), pageUrl).toString(), fields };
}

export { postForm };

export async function submit(
  base: string,
  application: Partial<LoanApplicationInput> = {},
  language: 'lv' | 'ru' = 'lv',
  beside: { readonly test?: true; readonly replaces?: string } = {},
): Promise<string> {
  const response = await fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ language, application: { ...validApplication, ...application }, ...beside }),
  });
  expect(response.status).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return token;
}

export async function status(base: string, token: string): Promise<ApplicationStatus> {
  const response = await fetch(`${base}/api/getApplicationStatus?token=${token}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return applicationStatusSchema.parse(JSON.parse(await response.text()));
}

export async function waitForStatus(
  base: string,
  token: string,
  done: (status: ApplicationStatus) => boolean,
  timeoutMs = 15_000,
): Promise<ApplicationStatus> {
  const deadline = Date.now() + timeoutMs;
  let last = await status(base, token);
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`status did not settle: ${JSON.stringify(last).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await status(base, token);
  }
  return last;
}

export const allLendersAnswered = (s: ApplicationStatus) =>
  s.lenders.length > 0 && s.lenders.every((lender) => ['offer', 'declined', 'noAnswer'].includes(lender.progress));

export async function startIdentification(base: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${base}/api/identification/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Goes through a provider's page (bank or eParaksts) and follows the redirects back to the wizard's path. */
export async function throughProviderPage(
  redirectUrl: string,
  answer: Record<string, string>,
): Promise<{ wizardPath: string }> {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const { action, fields } = formOf(await page.text(), redirectUrl);
  const decided = await postForm(action, { ...fields, ...answer });
  expect(decided.status).toBe(303);
  const back = await fetch(decided.headers.get('location') ?? '', { redirect: 'manual' });
  expect(back.status).toBe(303);
  return { wizardPath: back.headers.get('location') ?? '' };
}

export async function identifyByBank(
  base: string,
  token: string,
  decision: 'approve' | 'refuse',
  personalCode = '010180-15097',
): Promise<string> {
  const start = await startIdentification(base, {
    token,
    language: 'lv',
    method: 'bank',
    institutionId: 'daugavas-banka',
  });
  expect(start.status).toBe(200);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const { wizardPath } = await throughProviderPage(redirectUrl, {
    personal_code: personalCode,
    first_name: 'Jānis',
    last_name: 'Bērziņš',
    decision,
  });
  return wizardPath;
}

export async function identifyByESignature(
  base: string,
  token: string,
  decision: 'approve' | 'refuse',
  personalCode = '010180-15097',
): Promise<string> {
  const start = await startIdentification(base, { token, language: 'ru', method: 'eSignature' });
  expect(start.status).toBe(200);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const { wizardPath } = await throughProviderPage(redirectUrl, {
    personal_code: personalCode,
    given_name: 'Jānis',
    family_name: 'Bērziņš',
    decision,
  });
  return wizardPath;
}

/** The tester's phone: answers the running Smart-ID session of a personal code. */
export async function answerSmartId(base: string, personalCode: string, endResult: string): Promise<void> {
  let sessionIds: string[] = [];
  const deadline = Date.now() + 5000;
  while (sessionIds.length === 0 && Date.now() < deadline) {
    const found = await fetch(`${base}/sandbox/smart-id/control/find`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ personalCode }),
    });
    sessionIds = ((await found.json()) as { sessionIds: string[] }).sessionIds;
  }
  expect(sessionIds).toHaveLength(1);
  const answered = await fetch(`${base}/sandbox/smart-id/control/sessions/${sessionIds[0]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endResult, givenName: 'Jānis', surname: 'Bērziņš' }),
  });
  expect(answered.status).toBe(200);
}

/** How many lenders of the registry an application for this loan goes to (nobody unticked). */
export async function servingLenderCount(
  base: string,
  loan: { readonly amount: number; readonly term: number } = { amount: 12000, term: 60 },
  purpose: LoanPurpose = validApplication.loanPurpose,
): Promise<number> {
  const lenders = lendersAnswerSchema.parse(await (await fetch(`${base}/api/lenders`)).json());
  return lenders.filter((lender) => servesLoan(lender, { ...loan, purpose })).length;
}
