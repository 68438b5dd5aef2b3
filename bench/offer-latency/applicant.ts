/** The applicant's steps over HTTP: tests/support/flow.ts without vitest's assertions. */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { validApplication } from '../../tests/fixtures/application.ts';
// formOf, postForm and startIdentification use no vitest assertion (the module imports vitest's expect, unused here)
import { browserMarkOf, formOf, postForm, startIdentification } from '../../tests/support/flow.ts';

export async function expectStatus(response: Response, expected: number, what: string): Promise<void> {
  if (response.status === expected) return;
  const body = await response.text().catch(() => '');
  throw new Error(`${what}: HTTP ${response.status}, expected ${expected}: ${body.slice(0, 300)}`);
}

export async function submitApplication(base: string): Promise<string> {
  const response = await fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ language: 'lv', application: validApplication }),
  });
  await expectStatus(response, 201, 'submit');
  return ((await response.json()) as { token: string }).token;
}

/**
 * Identifies by bank through the sandbox bank's page, as the browser does, and answers when the broker's bank
 * return request has answered (performance.now()): at that moment identification has finished.
 */
export async function identifyByBank(base: string, token: string): Promise<{ returnedAt: number }> {
  const start = await startIdentification(base, {
    token,
    language: 'lv',
    method: 'bank',
    institutionId: 'daugavas-banka',
  });
  await expectStatus(start, 200, 'identification start');
  // the return counts only in the browser that began the identification (server/http/browser-binding.ts)
  const mark = browserMarkOf(start);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const page = await fetch(redirectUrl);
  await expectStatus(page, 200, 'bank page');
  const { action, fields } = formOf(await page.text(), redirectUrl);
  const decided = await postForm(action, {
    ...fields,
    personal_code: validApplication.personalId,
    first_name: 'Jānis',
    last_name: 'Bērziņš',
    decision: 'approve',
  });
  await expectStatus(decided, 303, 'bank decision');
  const returnUrl = decided.headers.get('location') ?? '';
  if (!new URL(returnUrl).pathname.startsWith('/api/identification/bank/')) {
    throw new Error(`the bank did not send the browser back to the broker: ${returnUrl}`);
  }
  const back = await fetch(returnUrl, { redirect: 'manual', ...(mark ? { headers: { cookie: mark } } : {}) });
  const returnedAt = performance.now();
  await expectStatus(back, 303, 'bank return');
  await back.arrayBuffer();
  if (back.headers.get('location') !== '/applicantWorkflow/confirmingIdentity') {
    throw new Error(`identification did not succeed: redirected to ${back.headers.get('location')}`);
  }
  return { returnedAt };
}
