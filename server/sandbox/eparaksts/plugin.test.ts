import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEParakstsClient,
  EPARAKSTS_SANDBOX_CLIENT_ID,
  eParakstsSandboxClientSecret,
} from '../../identity/eparaksts-client.ts';
import { hiddenFields, startApp, type RunningApp } from '../../identity/test-support.ts';
import { registerEParakstsSandbox } from './plugin.ts';

let running: RunningApp;
const clientFor = () =>
  createEParakstsClient({
    baseUrl: `${running.origin}/sandbox/eparaksts`,
    clientId: EPARAKSTS_SANDBOX_CLIENT_ID,
    clientSecret: eParakstsSandboxClientSecret(),
    redirectUri: 'https://broker.example/api/identification/eparaksts/return',
  });

beforeAll(async () => {
  running = await startApp((app) => registerEParakstsSandbox(app));
});
afterAll(() => running.app.close());

describe('eParaksts consent page', () => {
  it('renders in Latvian and Russian with labelled fields', async () => {
    const client = clientFor();
    const lv = await fetch(client.authorizeUrl({ state: 's', language: 'lv' }));
    expect(lv.headers.get('content-security-policy')).toContain("form-action 'self' http: https:");
    const lvPage = await lv.text();
    expect(lvPage).toContain('<html lang="lv">');
    expect(lvPage).toContain('<label for="personal_code">Personas kods</label>');
    expect(lvPage).toContain('<label for="given_name">Vārds</label>');
    expect(lvPage).toContain('>Apstiprināt</button>');
    expect(lvPage).toContain('>Atteikt</button>');
    const ruPage = await (await fetch(client.authorizeUrl({ state: 's', language: 'ru' }))).text();
    expect(ruPage).toContain('<html lang="ru">');
    expect(ruPage).toContain('<label for="personal_code">Персональный код</label>');
    expect(ruPage).toContain('>Подтвердить</button>');
    expect(ruPage).toContain('>Отказать</button>');
  });

  it('escapes the state and refuses unknown clients without redirecting', async () => {
    const client = clientFor();
    const page = await (
      await fetch(client.authorizeUrl({ state: '"><img src=x onerror=alert(1)>', language: 'lv' }))
    ).text();
    expect(page).not.toContain('<img src=x');
    expect(hiddenFields(page).state).toBe('"><img src=x onerror=alert(1)>');

    const url = new URL(client.authorizeUrl({ state: 's', language: 'ru' }));
    url.searchParams.set('client_id', 'someone-else');
    const unknown = await fetch(url, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Неверный запрос');
  });
});
