import { createRoot, hydrateRoot } from 'react-dom/client';
import type { i18n as I18n } from 'i18next';
import { createActor } from 'xstate';
import type { ApplicationActor, ApplicationInput } from '../../../machines/application-machine.ts';
import type { BrokerClient } from '../../api/broker-client.ts';
import type { DocumentsClient } from '../../api/documents-client.ts';
import { lazyCallRequestsClient } from '../../api/lazy-call-requests-client.ts';
import { IDENTIFIED_STATES } from '../../../domain/application-lifecycle.ts';
import type { Language } from '../../../domain/language.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { clearApplicationDraft } from './form/application-draft.ts';
import { keepWithinContentSecurityPolicy } from './content-security.ts';
import type { WorkflowPresentation } from './presentation.tsx';
import { siteApplicationMachine, type SiteEnvironment } from './site-implementations.ts';
import type { Takeover } from './takeover/takeover-context.tsx';
import type { ScreenOverrides } from './WorkflowApp.tsx';
import { WorkflowTree } from './WorkflowTree.tsx';
import { loadWorkflowResources, WORKFLOW_FALLBACK_NAMESPACES, workflowLocaleBackend } from './workflow-resources.ts';

export interface WorkflowMount {
  readonly root: HTMLElement;
  readonly lang: Language;
  readonly client: BrokerClient;
  /** the answer to a lender's documents request; by default the broker's own, made by the screen that needs it */
  readonly documents?: DocumentsClient;
  /** the documents request named by the address's fragment as the page opened (the address loses it) */
  readonly documentsTarget?: string | null;
  readonly env: SiteEnvironment;
  readonly input: Omit<ApplicationInput, 'language'>;
  readonly presentation?: WorkflowPresentation;
  readonly screens?: ScreenOverrides;
  /** runs before the machine starts, so a subscriber (the address, a widget's host) sees its first state */
  readonly beforeStart?: (actor: ApplicationActor, i18n: I18n) => void;
  /** the prerendered first step in `root` to adopt (first-step-gate.ts); without it, `root` is drawn afresh */
  readonly takeover?: Takeover | null;
}

/**
 * The form's draft serves while the person may still go back to the form (from the method choice, or
 * after a failed identification); once the application is identified, the next one starts empty.
 */
function clearDraftOnceIdentified(actor: ApplicationActor, session: Storage): void {
  const subscription = actor.subscribe(({ context }) => {
    if (!context.status || !IDENTIFIED_STATES.has(context.status.state)) return;
    clearApplicationDraft(session);
    subscription.unsubscribe();
  });
}

/**
 * The workflow's machine and screens in `root`, as the site and the widgets run it: the words of
 * the first step, the machine with the browser's implementations, then the screens.
 */
export async function mountWorkflow(mount: WorkflowMount): Promise<ApplicationActor> {
  keepWithinContentSecurityPolicy();
  const i18n = createI18n(mount.lang, await loadWorkflowResources(mount.lang), {
    backend: workflowLocaleBackend,
    fallbackNS: WORKFLOW_FALLBACK_NAMESPACES,
  });
  const actor = createActor(siteApplicationMachine(mount.client, mount.env), {
    input: { language: mount.lang, ...mount.input },
  });
  clearDraftOnceIdentified(actor, mount.env.session);
  mount.beforeStart?.(actor, i18n);
  actor.start();

  const { client } = mount;
  const services = {
    lenders: () => client.lenders(),
    requestReview: (body: Parameters<BrokerClient['requestReview']>[0]) => client.requestReview(body),
    institutions: () => client.institutions(),
    createHandoff: (token: string) => client.createHandoff(token),
    ...(mount.documents ? { documents: mount.documents } : {}),
    calls: lazyCallRequestsClient(() => mount.lang),
    navigate: mount.env.navigate,
    documentsTarget: mount.documentsTarget ?? null,
  };

  const tree = (
    <WorkflowTree
      i18n={i18n}
      actor={actor}
      services={services}
      presentation={mount.presentation}
      screens={mount.screens}
      takeover={mount.takeover}
    />
  );
  if (mount.takeover) hydrateRoot(mount.root, tree);
  else createRoot(mount.root).render(tree);
  return actor;
}
