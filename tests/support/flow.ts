import { lendersAnswerSchema, servesLoan } from '../../domain/lenders.ts';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { applicationStatusSchema, type ApplicationStatus } from '../../domain/api.ts';
import type { LoanApplicationInput } from '../../domain/application.ts';
import type { LoanPurpose } from '../../domain/loan-purposes.ts';
import { validApplication } from '../fixtures/application.ts';
import { postForm } from '../../server/identity/test-support.ts';
import { WIDGET_IDENTIFY_PATH } from '../../domain/widget-protocol/constants.ts';

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

/**
 * The browser's mark that a start set (server/http/browser-binding.ts), by the provider address it answered:
 * the browser that began a login or an identification is the one that follows its redirect.
 */
const startingBrowsers = new Map<string, string>();

/** The `name=value` of the browser mark a start's answer set, if any. */
export const browserMarkOf = (response: Response): string | null =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => /^(__Host-)?kk_browser=/.test(pair)) ?? null;

/** Remembers which browser began a start whose answer sends it to a provider. */
export async function rememberStartingBrowser(response: Response): Promise<void> {
  const mark = browserMarkOf(response);
  if (!mark || !response.ok) return;
  const { redirectUrl } = (await response.clone().json()) as { redirectUrl?: string };
  if (redirectUrl) startingBrowsers.set(redirectUrl, mark);
}

export async function startIdentification(base: string, body: Record<string, unknown>): Promise<Response> {
  const response = await fetch(`${base}/api/identification/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await rememberStartingBrowser(response);
  return response;
}

/**
 * A widget's identification tab: handed the return state by its frame (here, from the start's answer), it
 * binds itself and learns the provider's address, which it follows with the mark it got.
 */
export async function asWidgetTab(identifyPageUrl: string): Promise<string> {
  const url = new URL(identifyPageUrl);
  const bound = await fetch(new URL('/api/identification/bind', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnState: url.hash.slice(1), language: url.searchParams.get('lang') ?? 'lv' }),
  });
  expect(bound.status).toBe(200);
  await rememberStartingBrowser(bound);
  return ((await bound.json()) as { redirectUrl: string }).redirectUrl;
}

/**
 * Goes through a provider's page (bank or eParaksts) and follows the redirects back to the wizard's path,
 * in the browser that began it, or (`inAnotherBrowser`) in one that never saw the start.
 */
export async function throughProviderPage(
  redirectUrl: string,
  answer: Record<string, string>,
  { inAnotherBrowser = false }: { inAnotherBrowser?: boolean } = {},
): Promise<{ wizardPath: string; setCookie: string }> {
  if (new URL(redirectUrl).pathname === WIDGET_IDENTIFY_PATH) {
    return throughProviderPage(await asWidgetTab(redirectUrl), answer, { inAnotherBrowser });
  }
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const { action, fields } = formOf(await page.text(), redirectUrl);
  const decided = await postForm(action, { ...fields, ...answer });
  expect(decided.status).toBe(303);
  const mark = inAnotherBrowser ? undefined : startingBrowsers.get(redirectUrl);
  const back = await fetch(decided.headers.get('location') ?? '', {
    redirect: 'manual',
    ...(mark ? { headers: { cookie: mark } } : {}),
  });
  expect(back.status).toBe(303);
  return { wizardPath: back.headers.get('location') ?? '', setCookie: back.headers.get('set-cookie') ?? '' };
}

/**
 * Logs in to the account through the sandbox bank: where the browser is sent back, and the Set-Cookie of
 * that answer (the session's, when it worked).
 */
export async function loginByBank(
  base: string,
  personalCode: string,
  language: 'lv' | 'ru' = 'lv',
  browser: { inAnotherBrowser?: boolean } = {},
): Promise<{ location: string; setCookie: string }> {
  const start = await fetch(`${base}/api/account/login/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'bank', institutionId: 'daugavas-banka', language }),
  });
  expect(start.status).toBe(200);
  await rememberStartingBrowser(start);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const { wizardPath, setCookie } = await throughProviderPage(
    redirectUrl,
    { personal_code: personalCode, first_name: 'Jānis', last_name: 'Bērziņš', decision: 'approve' },
    browser,
  );
  return { location: wizardPath, setCookie };
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
