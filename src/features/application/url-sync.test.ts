import { fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createTestActor, testOffer, testStatus } from './test-support.tsx';
import { syncWorkflowUrl, type BrowserHistory } from './url-sync.ts';
import { locationOfPath, pathOfStep } from '../../../domain/wizard-paths.ts';
import { stepMetaOf } from '../../../machines/application-steps.ts';
import type { ApplicationEvent } from '../../../machines/application-machine.ts';

/** A browser's history in memory: entries, the current index, and popstate on back and forward. */
function fakeBrowser(start: string) {
  const entries = [start];
  const states: unknown[] = [null];
  let index = 0;
  let reloads = 0;
  const listeners = new Set<() => void>();
  const split = (url: string) => {
    const [pathname = '', search = ''] = url.split(/(?=\?)/);
    return { pathname, search };
  };
  const browser: BrowserHistory & {
    entries: string[];
    back(): void;
    forward(): void;
    index(): number;
    reloads(): number;
  } = {
    get location() {
      return {
        ...split(entries[index] ?? ''),
        reload: () => {
          reloads += 1;
        },
      };
    },
    history: {
      get state() {
        return states[index];
      },
      pushState: (data, _title, url) => {
        entries.splice(index + 1, entries.length, String(url));
        states.splice(index + 1, states.length, data);
        index = entries.length - 1;
      },
      replaceState: (data, _title, url) => {
        entries[index] = String(url);
        states[index] = data;
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    entries,
    back() {
      index -= 1;
      for (const listener of listeners) listener();
    },
    forward() {
      index += 1;
      for (const listener of listeners) listener();
    },
    index: () => index,
    reloads: () => reloads,
  };
  return browser;
}

/** The sync as the site starts it, in Latvian unless a test says otherwise. */
const sync = (
  options: Omit<Parameters<typeof syncWorkflowUrl>[0], 'exitPath' | 'lang' | 'base'> &
    Partial<Pick<Parameters<typeof syncWorkflowUrl>[0], 'lang' | 'base'>>,
) =>
  syncWorkflowUrl({ lang: 'lv', base: 'applicantWorkflow', exitPath: options.lang === 'ru' ? '/ru' : '/', ...options });

describe('workflow routes', () => {
  it('reads the language, the base and the step from a path', () => {
    expect(locationOfPath('/ru/applicantWorkflow/enteringEssence/failed')).toEqual({
      lang: 'ru',
      base: 'applicantWorkflow',
      step: 'enteringEssence/failed',
    });
    expect(locationOfPath('/multistep/offers')).toEqual({ lang: 'lv', base: 'multistep', step: 'offers' });
    expect(locationOfPath('/applicantWorkflow/nonsense')?.step).toBeNull();
    expect(locationOfPath('/paterina-kredits')).toBeNull();
    expect(pathOfStep('choosingIdConfirmationMethodWithError', 'ru')).toBe(
      '/ru/applicantWorkflow/choosingIdConfirmationMethodWithError',
    );
  });
});

describe('the URL and the machine', () => {
  it('a deep link to a later step without a token lands on the first step, keeping no history entry', () => {
    const browser = fakeBrowser('/applicantWorkflow/offers');
    const actor = createTestActor();
    sync({ actor, browser });
    actor.start();
    expect(browser.entries).toEqual(['/applicantWorkflow/enteringEssence']);
  });

  it('keeps the calculator query on the form only', () => {
    const browser = fakeBrowser('/ru/applicantWorkflow/enteringEssence?type=business&amount=3000');
    const actor = createTestActor({ language: 'ru' });
    sync({ actor, browser, lang: 'ru' });
    actor.start();
    expect(browser.entries).toEqual(['/ru/applicantWorkflow/enteringEssence?type=business&amount=3000']);
  });

  it('a saved token resumes where the server says, in the multistep segment when that is where the page is', async () => {
    const browser = fakeBrowser('/multistep/confirmingIdentity');
    const actor = createTestActor({ status: testStatus('processing', { answered: 3 }) });
    const steps: string[] = [];
    sync({ actor, browser, base: 'multistep', onStep: ({ step }) => steps.push(step) });
    actor.start();
    // the entry behind it is the site's home, not the page the person came from (a bank's, say)
    await vi.waitFor(() => expect(browser.entries).toEqual(['/', '/multistep/waiting']));
    expect(steps).toEqual(['waiting']);
  });

  it('back from offers on a page opened after the bank leaves for the site home, never the bank; a reload adds no entry', async () => {
    const browser = fakeBrowser('https://bank.example/login');
    browser.history.pushState(null, '', '/ru/applicantWorkflow/waiting');
    const actor = createTestActor({ language: 'ru', status: testStatus('offers', { answered: 16 }) });
    sync({ actor, browser, lang: 'ru' });
    actor.start();
    await vi.waitFor(() => expect(stepMetaOf(actor.getSnapshot()).step).toBe('offers'));
    expect(browser.entries).toEqual(['https://bank.example/login', '/ru', '/ru/applicantWorkflow/offers']);

    browser.back();
    expect(browser.location.pathname).toBe('/ru');
    expect(browser.reloads()).toBe(1);

    // the page reloaded at the offers (forward, or F5): nothing more is put behind it
    browser.forward();
    const again = createTestActor({ language: 'ru', status: testStatus('offers', { answered: 16 }) });
    sync({ actor: again, browser, lang: 'ru' });
    again.start();
    await vi.waitFor(() => expect(stepMetaOf(again.getSnapshot()).step).toBe('offers'));
    expect(browser.entries).toEqual(['https://bank.example/login', '/ru', '/ru/applicantWorkflow/offers']);
  });

  it('back from offers to a wait that is over leaves for the site home instead of doing nothing', async () => {
    const browser = fakeBrowser('/applicantWorkflow/choosingIdConfirmationMethodNoError');
    const watch: { send?: (event: ApplicationEvent) => void } = {};
    const watched = createTestActor({
      status: testStatus('draft'),
      onWatch: (sendBack) => {
        watch.send = sendBack;
      },
    });
    sync({ actor: watched, browser });
    watched.start();
    await vi.waitFor(() => expect(stepMetaOf(watched.getSnapshot()).step).toBe('choosingIdConfirmationMethodNoError'));
    watched.send({ type: 'CHOOSE_METHOD', choice: { method: 'smartId' } });
    await vi.waitFor(() => expect(browser.location.pathname).toBe('/applicantWorkflow/confirmingIdentity'));
    watch.send?.({ type: 'STATUS', status: testStatus('processing', { answered: 3 }) });
    await vi.waitFor(() => expect(browser.location.pathname).toBe('/applicantWorkflow/waiting'));
    watch.send?.({ type: 'STATUS', status: testStatus('offers', { answered: 16 }) });
    await vi.waitFor(() => expect(browser.location.pathname).toBe('/applicantWorkflow/offers'));

    browser.back();
    expect(browser.location.pathname).toBe('/');
    expect(browser.reloads()).toBe(1);
  });

  it('back from the identification wait on a page opened after the bank returns to the method choice', async () => {
    const browser = fakeBrowser('/applicantWorkflow/confirmingIdentity');
    const actor = createTestActor({ status: testStatus('identifying') });
    sync({ actor, browser });
    actor.start();
    await vi.waitFor(() => expect(stepMetaOf(actor.getSnapshot()).step).toBe('confirmingIdentity'));
    expect(browser.entries).toEqual([
      '/applicantWorkflow/choosingIdConfirmationMethodNoError',
      '/applicantWorkflow/confirmingIdentity',
    ]);
    browser.back();
    expect(stepMetaOf(actor.getSnapshot()).step).toBe('choosingIdConfirmationMethodNoError');
    expect(browser.reloads()).toBe(0);
  });

  it('each new step is a history entry; back from the method choice returns to the form, forward cannot skip it', async () => {
    const browser = fakeBrowser('/applicantWorkflow/enteringEssence');
    const actor = createTestActor();
    sync({ actor, browser });
    actor.start();
    actor.send({ type: 'SUBMIT', body: { language: 'lv', application: {} as never }, idempotencyKey: 'k'.repeat(16) });
    await vi.waitFor(() => expect(stepMetaOf(actor.getSnapshot()).step).toBe('choosingIdConfirmationMethodNoError'));
    expect(browser.entries).toEqual([
      '/applicantWorkflow/enteringEssence',
      '/applicantWorkflow/choosingIdConfirmationMethodNoError',
    ]);

    browser.back();
    expect(stepMetaOf(actor.getSnapshot()).step).toBe('enteringEssence');
    expect(browser.location.pathname).toBe('/applicantWorkflow/enteringEssence');

    // the application was started over: the later step is no longer there to go forward to
    browser.forward();
    expect(stepMetaOf(actor.getSnapshot()).step).toBe('enteringEssence');
    expect(browser.location.pathname).toBe('/applicantWorkflow/enteringEssence');
  });

  it('back from a chosen offer returns to the comparison', async () => {
    const offer = testOffer();
    const browser = fakeBrowser('/applicantWorkflow/offers');
    const actor = createTestActor({ status: testStatus('offers', { offers: [offer] }) });
    sync({ actor, browser });
    actor.start();
    await vi.waitFor(() => expect(stepMetaOf(actor.getSnapshot()).step).toBe('offers'));
    actor.send({ type: 'CHOOSE_OFFER', offerId: offer.id });
    await vi.waitFor(() => expect(browser.location.pathname).toBe('/applicantWorkflow/offerChosen'));
    browser.back();
    expect(stepMetaOf(actor.getSnapshot()).step).toBe('offers');
    expect(browser.location.pathname).toBe('/applicantWorkflow/offers');
  });

  it('variants of one screen replace each other instead of piling up', async () => {
    const browser = fakeBrowser('/applicantWorkflow/enteringEssence');
    const actor = createTestActor({
      actors: {
        submitApplication: fromPromise(async () => {
          throw { code: 'validation', status: 400, fields: { personalId: 'Nederīgs personas kods' } };
        }),
      },
    });
    sync({ actor, browser });
    actor.start();
    actor.send({ type: 'SUBMIT', body: { language: 'lv', application: {} as never }, idempotencyKey: 'k'.repeat(16) });
    await vi.waitFor(() => expect(browser.location.pathname).toBe('/applicantWorkflow/enteringEssence/failed'));
    expect(browser.entries).toHaveLength(1);
  });
});
