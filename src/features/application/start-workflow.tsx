import { lazyBrokerClient } from '../../api/lazy-broker-client.ts';
import { saveToken, savedToken } from '../../api/token-storage.ts';
import { isLanguage, type Language } from '../../../domain/language.ts';
import { mountWorkflow } from './mount-workflow.tsx';
import type { Takeover } from './takeover/takeover-context.tsx';
import { syncWorkflowUrl } from './url-sync.ts';
import {
  DEFAULT_WORKFLOW_BASE,
  documentRequestOfFragment,
  HANDOFF_PARAM,
  locationOfPath,
  preselectionOfAddress,
} from '../../../domain/wizard-paths.ts';

/**
 * The workflow as the site runs it: the machine, its URL, and its screens in `root`, adopting the prerendered
 * first step when there is a `takeover` of it.
 */
export async function startWorkflow(root: HTMLElement, takeover: Takeover | null = null): Promise<void> {
  const htmlLang = document.documentElement.lang;
  const lang: Language = isLanguage(htmlLang) ? htmlLang : 'lv';
  const here = new URL(window.location.href);
  const asked = locationOfPath(here.pathname);
  const base = asked?.base ?? DEFAULT_WORKFLOW_BASE;
  const client = lazyBrokerClient({ language: () => lang });
  // opened from a widget in apply-only mode: its application comes by a one-time code
  const handedOver = here.searchParams.has(HANDOFF_PARAM)
    ? await (await import('./handoff.ts')).takeHandoff(here, window.history, client)
    : null;
  if (handedOver) saveToken(window.localStorage, handedOver);
  const saved = savedToken(window.localStorage);
  const preselection = preselectionOfAddress(here.searchParams);
  const switchLink = document.querySelector<HTMLAnchorElement>('a.lang-switch');
  // the brand as the page names it (Document.tsx), for the step's title
  const brand = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? '';

  await mountWorkflow({
    root,
    lang,
    client,
    documentsTarget: documentRequestOfFragment(here.hash),
    takeover,
    env: {
      local: window.localStorage,
      session: window.sessionStorage,
      navigate: (url) => window.location.assign(url),
    },
    input: {
      token: saved,
      preselectedPurpose: preselection.purpose,
      preselectedAmount: preselection.amount,
      preselectedTerm: preselection.term,
      requestedStep: asked?.step ?? null,
    },
    beforeStart: (actor, i18n) =>
      syncWorkflowUrl({
        actor,
        browser: window,
        lang,
        base,
        exitPath: lang === 'ru' ? '/ru' : '/',
        onStep: ({ screen }) => {
          // the step's title, and the same step in the other language (the application itself stays)
          document.title = `${i18n.t(`steps.${screen}`, { ns: 'workflow' })} | ${brand}`;
          if (switchLink) {
            const path = window.location.pathname.replace(/^\/ru(?=\/)/, '');
            switchLink.href = lang === 'lv' ? `/ru${path}` : path;
          }
        },
      }),
  });
}
