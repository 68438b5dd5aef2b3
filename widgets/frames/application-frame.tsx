import './frame-fonts.scss';
import '../../src/styles/site.css';
import './frame.css';
import { lazyBrokerClient } from '../../src/api/lazy-broker-client.ts';
import { savedToken } from '../../src/api/token-storage.ts';
import { mountWorkflow, type ScreenOverrides } from '../../src/features/application/index.ts';
import { frameSettings, trackingOf } from './frame-options.ts';
import { connectToHost, reportHeight } from './host-bridge.ts';
import { storageOr } from './safe-storage.ts';
import { announceProgress, announceStart, MARKS_KEY } from './application-events.ts';
import { applyTheme, markTestMode } from './frame-theme.ts';
import { applyOnlyOffersScreen } from './ApplyOnlyOffersScreen.tsx';
import { openTab } from './open-tab.ts';

/** In apply-only mode every screen with offers' figures gives way to the site, in a new tab. */
function applyOnlyScreens(client: Parameters<typeof applyOnlyOffersScreen>[0]): ScreenOverrides {
  const screen = applyOnlyOffersScreen(client);
  return { waiting: screen, offers: screen, offerChosen: screen, signing: screen, paid: screen };
}

/**
 * The application widget: the site's own workflow (machine, screens, words) in the publisher's
 * iframe. Differences from the site: the address does not follow the steps (the iframe's history
 * is the host page's), the bank, eParaksts and the lender open in a new tab while the widget keeps
 * watching the status, and the host hears of the submission and the offers, never their content.
 */
async function start(root: HTMLElement): Promise<void> {
  const { options, config } = frameSettings(window.location.href);
  const { lang } = config;
  applyTheme(document, config);
  if (config.testMode) markTestMode(document);
  const bridge = connectToHost(window);
  // a test application's token lives in this tab only: a publisher who tries the widget in test
  // mode and then goes live (or back) never finds a test application in a live widget, unmarked,
  // nor a real one under the test band
  const local = storageOr(() => (config.testMode ? window.sessionStorage : window.localStorage));
  const session = storageOr(() => window.sessionStorage);

  // the publisher's attribution, where the application's form reads it (spec: session storage)
  for (const [name, value] of Object.entries(trackingOf(options))) session.setItem(name, value);
  if (bridge && session.getItem('referrer') === null) session.setItem('referrer', bridge.hostOrigin);

  const saved = savedToken(local);
  // a person coming back to a sent application began it before
  if (bridge && saved === null) announceStart(root, bridge, session);
  const client = lazyBrokerClient({ language: () => lang });
  await mountWorkflow({
    root,
    lang,
    client,
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
      token: saved,
      preselectedPurpose: config.purpose,
      preselectedAmount: options.amount === undefined ? null : config.amount,
      preselectedTerm: options.term === undefined ? null : config.term,
    },
    presentation: { embedded: true, openTab: (url) => openTab(window, url) },
    ...(config.mode === 'applyOnly' ? { screens: applyOnlyScreens(client) } : {}),
    beforeStart: (actor) => {
      if (bridge) announceProgress(actor, bridge, session);
    },
  });
  if (bridge) {
    bridge.post({ type: 'ready', widget: 'application' });
    reportHeight(bridge, root, () =>
      root.querySelector('.screen--loading')
        ? null
        : (root.querySelector('[data-screen]')?.getAttribute('data-screen') ?? null),
    );
  }
}

const root = document.getElementById('widget-root');
if (root) void start(root);
