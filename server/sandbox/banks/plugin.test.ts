import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formAction, hiddenFields, postForm, startApp, type RunningApp } from '../../identity/test-support.ts';
import { registerBankSandbox } from './plugin.ts';

let running: RunningApp;
const bankBaseUrl = () => `${running.origin}/sandbox/banks`;

beforeAll(async () => {
  running = await startApp((app) => registerBankSandbox(app, {}));
});
afterAll(() => running.app.close());

describe('bank simulator pages', () => {
  const pageUrl = (bankId: string, params: Record<string, string>) =>
    `${bankBaseUrl()}/${bankId}/authorize?${new URLSearchParams(params).toString()}`;
  const valid = { client_id: 'kreditkompass', state: 's1', return_url: 'http://127.0.0.1/back' };

  it('renders the login page in Latvian with labelled fields and a sample name', async () => {
    const response = await fetch(pageUrl('rigas-krajbanka', { ...valid, lang: 'lv' }));
    expect(response.status).toBe(200);
    const page = await response.text();
    // the page's own style element by its hash: no other style element and no style attribute applies
    const css = page.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(css).toContain('font:16px/1.5 system-ui');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'; img-src 'self' data:; form-action 'self' http: https:`,
    );
    expect(page).not.toContain('style=');
    expect(page).toContain('<html lang="lv">');
    expect(page).toContain('Rīgas Krājbanka');
    expect(page).toContain('<label for="personal_code">Personas kods</label>');
    expect(page).toContain('id="personal_code"');
    expect(page).toContain('<label for="first_name">Vārds</label>');
    expect(page).toContain('value="Jānis"');
    expect(page).toContain('>Apstiprināt</button>');
    expect(page).toContain('>Atteikt</button>');
    expect(page).not.toContain('<script');
  });

  it('renders the login page in Russian', async () => {
    const page = await (await fetch(pageUrl('daugavas-banka', { ...valid, lang: 'ru' }))).text();
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('<label for="personal_code">Персональный код</label>');
    expect(page).toContain('>Подтвердить</button>');
    expect(page).toContain('>Отказать</button>');
  });

  it('escapes interpolated values', async () => {
    const state = '"><script>alert(1)</script>';
    const page = await (await fetch(pageUrl('daugavas-banka', { ...valid, state }))).text();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(hiddenFields(page).state).toBe(state);
  });

  it('answers 404 for an unknown bank and 400 for a non-http return URL', async () => {
    const unknown = await fetch(pageUrl('no-such-bank', { ...valid, lang: 'ru' }));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Банк не найден');
    const script = await fetch(pageUrl('daugavas-banka', { ...valid, return_url: 'javascript:alert(1)' }));
    expect(script.status).toBe(400);
  });

  it('re-renders the form with an error for a malformed personal code', async () => {
    const page = await (await fetch(pageUrl('daugavas-banka', { ...valid, lang: 'lv' }))).text();
    const response = await postForm(new URL(formAction(page), running.origin).toString(), {
      ...hiddenFields(page),
      personal_code: '12345',
      first_name: 'Anna',
      last_name: 'Kalniņa',
      decision: 'approve',
    });
    expect(response.status).toBe(422);
    const again = await response.text();
    expect(again).toContain('aria-invalid="true"');
    expect(again).toContain('Ievadiet personas kodu formātā DDMMGG-NNNNN.');
  });
});
