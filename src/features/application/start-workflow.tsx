import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import * as z from 'zod/mini';
import { lazyBrokerClient } from '../../api/lazy-broker-client.ts';
import { isTokenShaped } from '../../domain/token.ts';
import { isLanguage, type Language } from '../../domain/language.ts';
import { createI18n } from '../../routes/i18n.ts';
import { siteApplicationMachine } from './site-implementations.ts';
import { syncWorkflowUrl } from './url-sync.ts';
import { WorkflowApp } from './WorkflowApp.tsx';
import { WorkflowProvider } from './workflow-context.tsx';
import { loadWorkflowResources, WORKFLOW_FALLBACK_NAMESPACES, workflowLocaleBackend } from './workflow-resources.ts';
import { company } from '../../domain/company.ts';
import { locationOfPath, screenNameOfStep } from './workflow-routes.ts';

const DRAFT_KEY = 'applicationDraft';

/** A number from the calculator's link, or null. */
const numberParam = (params: URLSearchParams, name: string): number | null => {
  const value = Number(params.get(name));
  return params.has(name) && Number.isFinite(value) ? value : null;
};

/**
 * The page's Content Security Policy allows no inline <style> and no eval. react-aria writes its
 * pressable rule into an inline <style> unless an element with its id is there: the rule comes from
 * src/ui/pressable.css, and this marks it present. zod compiles object parsers with `new Function`
 * unless told not to.
 */
function keepWithinContentSecurityPolicy(): void {
  if (!document.getElementById(REACT_ARIA_PRESSABLE_STYLE_ID)) {
    const marker = document.createElement('meta');
    marker.id = REACT_ARIA_PRESSABLE_STYLE_ID;
    document.head.append(marker);
  }
  z.config({ jitless: true });
}
const REACT_ARIA_PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/** The workflow as the site runs it: the machine, its URL, and its screens in `root`. */
export async function startWorkflow(root: HTMLElement): Promise<void> {
  keepWithinContentSecurityPolicy();
  const htmlLang = document.documentElement.lang;
  const lang: Language = isLanguage(htmlLang) ? htmlLang : 'lv';
  const here = new URL(window.location.href);
  const base = locationOfPath(here.pathname)?.base ?? 'applicantWorkflow';
  const i18n = createI18n(lang, await loadWorkflowResources(lang), {
    backend: workflowLocaleBackend,
    fallbackNS: WORKFLOW_FALLBACK_NAMESPACES,
  });

  const saved = window.localStorage.getItem('token');
  const token = isTokenShaped(saved) ? saved : null;
  const client = lazyBrokerClient({ language: () => lang });
  const machine = siteApplicationMachine(client, {
    local: window.localStorage,
    session: window.sessionStorage,
    navigate: (url) => window.location.assign(url),
    onSubmitted: () => window.sessionStorage.removeItem(DRAFT_KEY),
  });
  const actor = createActor(machine, {
    input: {
      language: lang,
      token,
      preselectedPurpose: here.searchParams.get('type'),
      preselectedAmount: numberParam(here.searchParams, 'amount'),
      preselectedTerm: numberParam(here.searchParams, 'term'),
    },
  });

  const switchLink = document.querySelector<HTMLAnchorElement>('a.lang-switch');
  syncWorkflowUrl({
    actor,
    browser: window,
    lang,
    base,
    onStep: (step) => {
      // the step's title, and the same step in the other language (the application itself stays)
      document.title = `${i18n.t(`steps.${screenNameOfStep(step)}`, { ns: 'workflow' })} | ${company.brand}`;
      if (switchLink) {
        const path = window.location.pathname.replace(/^\/ru(?=\/)/, '');
        switchLink.href = lang === 'lv' ? `/ru${path}` : path;
      }
    },
  });
  actor.start();

  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <WorkflowProvider actor={actor}>
          <WorkflowApp />
        </WorkflowProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
