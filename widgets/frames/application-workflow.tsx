import { lazyBrokerClient } from '../../src/api/lazy-broker-client.ts';
import { mountWorkflow, type ScreenOverrides } from '../../src/features/application/index.ts';
import type { Takeover } from '../../src/features/application/first-step.ts';
import { preselectionOf, type FrameSettings } from './frame-options.ts';
import type { HostBridge } from './host-bridge.ts';
import { announceProgress, MARKS_KEY } from './application-events.ts';
import { applyOnlyOffersScreen } from './ApplyOnlyOffersScreen.tsx';
import { openTab } from './open-tab.ts';

/** In apply-only mode every screen with offers' figures gives way to the site, in a new tab. */
function applyOnlyScreens(client: Parameters<typeof applyOnlyOffersScreen>[0]): ScreenOverrides {
  const screen = applyOnlyOffersScreen(client);
  return { waiting: screen, offers: screen, offerChosen: screen, signing: screen, paid: screen };
}

/** What the frame's page settled before the workflow's code came (application-frame.tsx). */
export interface FrameContext {
  readonly root: HTMLElement;
  readonly settings: FrameSettings;
  readonly bridge: HostBridge | null;
  readonly local: Storage;
  readonly session: Storage;
  /** the application this browser has under way here, if any */
  readonly token: string | null;
}

/**
 * The application widget's workflow: the site's own (machine, screens, words) in the publisher's iframe, adopting the
 * prerendered first step when there is a `takeover` of it. Differences from the site: the address does not follow
 * the steps (the iframe's history is the host page's), the bank, eParaksts and the lender open in a new tab while the
 * widget keeps watching the status, and the host hears of the submission and the offers, never their content.
 */
export async function runApplicationWorkflow(frame: FrameContext, takeover: Takeover | null): Promise<void> {
  const { root, settings, bridge, local, session } = frame;
  const { config } = settings;
  const preselection = preselectionOf(settings);
  const client = lazyBrokerClient({ language: () => config.lang });
  await mountWorkflow({
    root,
    lang: config.lang,
    client,
    takeover,
    env: {
      local,
      session,
      navigate: (url) => openTab(window, url),
      onSubmitted: () => {
        // a new application: its start and its offers are news again
        session.removeItem(MARKS_KEY);
        bridge?.post({ type: 'submitted' });
      },
      identificationReturn: 'widget',
      testMode: config.testMode,
    },
    input: {
      token: frame.token,
      preselectedPurpose: preselection.purpose,
      preselectedAmount: preselection.amount,
      preselectedTerm: preselection.term,
    },
    presentation: { embedded: true, openTab: (url) => openTab(window, url) },
    ...(config.mode === 'applyOnly' ? { screens: applyOnlyScreens(client) } : {}),
    beforeStart: (actor) => {
      if (bridge) announceProgress(actor, bridge, session);
    },
  });
}
