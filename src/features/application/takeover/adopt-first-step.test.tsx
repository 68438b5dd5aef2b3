// @vitest-environment jsdom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrokerClient } from '../../../api/broker-client.ts';
import type { Language } from '../../../../domain/language.ts';
import lvForm from '../../../../locales/lv/form.json' with { type: 'json' };
import ruForm from '../../../../locales/ru/form.json' with { type: 'json' };
import { firstStepKey, LINKED_PRESELECTIONS } from '../../../../domain/preselection.ts';
import { firstStepTree } from '../FirstStepPrerender.tsx';
import { mountWorkflow, type WorkflowMount } from '../mount-workflow.tsx';
import { adoptableFirstStep, firstMoveOn } from './first-step-gate.ts';

/**
 * The server's first step and the browser's first render of it must be the same tree, or React would throw the
 * prerendered form away (and the focus and the typing in it) to draw its own: the server's markup is adopted here
 * as the page's script adopts it, with what the person typed before the script came.
 */
const FORMS = { lv: lvForm, ru: ruForm };

/** The browser's IntersectionObserver, which jsdom lacks: the form tells a browser from a test renderer by it. */
class NoIntersections {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const field = (root: HTMLElement, label: string) => {
  const found = [...root.querySelectorAll('label')].find((candidate) => candidate.textContent?.startsWith(label));
  const input = found?.htmlFor ? root.ownerDocument.getElementById(found.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled ${label}`);
  return input;
};

/** Types as a person does before any script: the browser's own value, no React event handler to hear it. */
const typeNatively = (input: HTMLInputElement, text: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
};

/** The page's script adopting `root`'s form with `takeover`, as start-workflow.tsx mounts it. */
async function adopt(
  root: HTMLElement,
  lang: Language,
  takeover: Awaited<ReturnType<typeof firstMoveOn>>,
  preselected: Partial<WorkflowMount['input']> = {},
) {
  const client = { lenders: () => new Promise(() => undefined) } as unknown as BrokerClient;
  await act(async () => {
    await mountWorkflow({
      root,
      lang,
      client,
      env: { local: window.localStorage, session: window.sessionStorage, navigate: () => undefined },
      input: { token: null, requestedStep: 'enteringEssence', ...preselected },
      takeover,
    });
  });
}

describe('adopting the prerendered first step', () => {
  const errors: unknown[] = [];
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', NoIntersections);
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/applicantWorkflow/enteringEssence');
  });
  afterEach(() => {
    errors.length = 0;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it.each(['lv', 'ru'] as const)(
    '%s: keeps the server’s nodes, and what was typed becomes the form’s',
    async (lang: Language) => {
      const words = FORMS[lang];
      const root = document.createElement('div');
      root.id = 'workflow-root';
      root.setAttribute('data-first-step', '');
      root.innerHTML = renderToString(await firstStepTree(lang));
      document.body.append(root);
      const form = adoptableFirstStep(root, window);
      expect(form).not.toBeNull();
      const firstname = field(root, words.firstname.label);
      typeNatively(firstname, 'Anna');
      const takeover = firstMoveOn(window, form as HTMLFormElement);
      firstname.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));

      await adopt(root, lang, await takeover);

      // the form's state holds it: its draft (this tab's, every field but the code and the income) says so
      await vi.waitFor(
        () =>
          expect(JSON.parse(window.sessionStorage.getItem('applicationDraft') ?? '{}')).toMatchObject({
            firstname: 'Anna',
          }),
        // the draft is written a moment after the change; a busy machine may take longer than the default second
        { timeout: 5000 },
      );
      // the same node, adopted, not drawn again
      expect(field(root, words.firstname.label)).toBe(firstname);
      expect(firstname.value).toBe('Anna');
      // React names a server render it could not adopt ("Hydration failed…", "…didn't match…")
      expect(errors.map(String).filter((error) => /hydrat|match/i.test(error))).toEqual([]);
    },
  );

  it.each(LINKED_PRESELECTIONS.map((preselection) => [preselection.purpose, preselection] as const))(
    'the page for the site’s own link with %s is adopted as it is, its loan’s fields and all',
    async (_purpose, preselection) => {
      const root = document.createElement('div');
      root.setAttribute('data-first-step', firstStepKey(preselection));
      root.innerHTML = renderToString(await firstStepTree('lv', undefined, preselection));
      document.body.append(root);
      const params = new URLSearchParams({
        type: preselection.purpose ?? '',
        amount: String(preselection.amount),
        term: String(preselection.term),
      });
      window.history.replaceState(null, '', `/applicantWorkflow/enteringEssence?${params}`);
      const form = adoptableFirstStep(root, window);
      expect(form).not.toBeNull();
      const firstname = field(root, lvForm.firstname.label);
      const takeover = firstMoveOn(window, form as HTMLFormElement);
      firstname.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      await adopt(root, 'lv', await takeover, {
        preselectedPurpose: preselection.purpose,
        preselectedAmount: preselection.amount,
        preselectedTerm: preselection.term,
      });
      expect(field(root, lvForm.firstname.label)).toBe(firstname);
      expect(errors.map(String).filter((error) => /hydrat|match/i.test(error))).toEqual([]);
    },
  );

  it('is not adopted when the tab keeps a draft: the script draws the form with the draft in it', () => {
    const root = document.createElement('div');
    root.setAttribute('data-first-step', '');
    root.innerHTML = '<form></form>';
    window.sessionStorage.setItem('applicationDraft', '{}');
    expect(adoptableFirstStep(root, window)).toBeNull();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/applicantWorkflow/enteringEssence?amount=3000');
    expect(adoptableFirstStep(root, window)).toBeNull();
    window.history.replaceState(null, '', '/applicantWorkflow/enteringEssence');
    expect(adoptableFirstStep(root, window)).not.toBeNull();
  });
});
