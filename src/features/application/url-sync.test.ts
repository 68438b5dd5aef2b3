import { fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createTestActor, testOffer, testStatus } from './test-support.tsx';
import { syncWorkflowUrl, type BrowserHistory } from './url-sync.ts';
import { locationOfPath, pathOfStep } from '../../../domain/wizard-paths.ts';
import { stepMetaOf } from '../../../machines/application-steps.ts';

/** A browser's history in memory: entries, the current index, and popstate on back and forward. */
function fakeBrowser(start: string) {
  const entries = [start];
  let index = 0;
  const listeners = new Set<() => void>();
  const split = (url: string) => {
    const [pathname = '', search = ''] = url.split(/(?=\?)/);
    return { pathname, search };
  };
  const browser: BrowserHistory & { entries: string[]; back(): void; forward(): void; index(): number } = {
    get location() {
      return split(entries[index] ?? '');
    },
    history: {
      pushState: (_data, _title, url) => {
        entries.splice(index + 1, entries.length, String(url));
        index = entries.length - 1;
      },
      replaceState: (_data, _title, url) => {
        entries[index] = String(url);
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
  };
  return browser;
}

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
    syncWorkflowUrl({ actor, browser, lang: 'lv', base: 'applicantWorkflow' });
    actor.start();
    expect(browser.entries).toEqual(['/applicantWorkflow/enteringEssence']);
  });

  it('keeps the calculator query on the form only', () => {
    const browser = fakeBrowser('/ru/applicantWorkflow/enteringEssence?type=business&amount=3000');
    const actor = createTestActor({ language: 'ru' });
    syncWorkflowUrl({ actor, browser, lang: 'ru', base: 'applicantWorkflow' });
    actor.start();
    expect(browser.entries).toEqual(['/ru/applicantWorkflow/enteringEssence?type=business&amount=3000']);
  });

  it('a saved token resumes where the server says, in the multistep segment when that is where the page is', async () => {
    const browser = fakeBrowser('/multistep/confirmingIdentity');
    const actor = createTestActor({ status: testStatus('processing', { answered: 3 }) });
    const steps: string[] = [];
    syncWorkflowUrl({ actor, browser, lang: 'lv', base: 'multistep', onStep: ({ step }) => steps.push(step) });
    actor.start();
    await vi.waitFor(() => expect(browser.entries).toEqual(['/multistep/waiting']));
    expect(steps).toEqual(['waiting']);
  });

  it('each new step is a history entry; back from the method choice returns to the form, forward cannot skip it', async () => {
    const browser = fakeBrowser('/applicantWorkflow/enteringEssence');
    const actor = createTestActor();
    syncWorkflowUrl({ actor, browser, lang: 'lv', base: 'applicantWorkflow' });
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
    syncWorkflowUrl({ actor, browser, lang: 'lv', base: 'applicantWorkflow' });
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
    syncWorkflowUrl({ actor, browser, lang: 'lv', base: 'applicantWorkflow' });
    actor.start();
    actor.send({ type: 'SUBMIT', body: { language: 'lv', application: {} as never }, idempotencyKey: 'k'.repeat(16) });
    await vi.waitFor(() => expect(browser.location.pathname).toBe('/applicantWorkflow/enteringEssence/failed'));
    expect(browser.entries).toHaveLength(1);
  });
});
