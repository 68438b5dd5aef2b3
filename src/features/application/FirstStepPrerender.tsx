import { createActor } from 'xstate';
import { applicationMachine } from '../../../machines/application-machine.ts';
import type { Language } from '../../../domain/language.ts';
import type { Preselection } from '../../../domain/preselection.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { loadWorkflowResources, WORKFLOW_FALLBACK_NAMESPACES } from './workflow-resources.ts';
import type { WorkflowPresentation } from './presentation.tsx';
import { WorkflowTree } from './WorkflowTree.tsx';

const NO_PRESELECTION: Preselection = { purpose: null, amount: null, term: null };
const notOnTheServer = () => Promise.reject(new Error('the prerendered first step asks nothing of the broker'));

/**
 * The wizard's first step as the server writes it into the page (src/entries/entry-server.tsx): the tree the browser
 * mounts, from the machine's first state for a person who starts afresh and the first step's words only, as the
 * browser has them, so that the browser's first render is this one and adopts it node for node. The application
 * widget's page passes its `presentation` (embedded), as its own mount does; a page for one of the site's own links
 * passes the loan it preselects, as the browser reads it from the address.
 */
export async function firstStepTree(
  lang: Language,
  presentation?: WorkflowPresentation,
  preselection: Preselection = NO_PRESELECTION,
) {
  const i18n = createI18n(lang, await loadWorkflowResources(lang), { fallbackNS: WORKFLOW_FALLBACK_NAMESPACES });
  // never started: its first snapshot is all the form reads, and nothing of it runs on the server
  const actor = createActor(applicationMachine, {
    input: {
      language: lang,
      token: null,
      preselectedPurpose: preselection.purpose,
      preselectedAmount: preselection.amount,
      preselectedTerm: preselection.term,
      requestedStep: 'enteringEssence',
    },
  });
  return (
    <WorkflowTree
      i18n={i18n}
      actor={actor}
      services={{ lenders: notOnTheServer, requestReview: notOnTheServer }}
      presentation={presentation}
    />
  );
}
