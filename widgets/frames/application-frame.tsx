import './frame-fonts.scss';
import '../../src/styles/site.css';
import './frame.css';
import { savedToken } from '../../src/api/token-storage.ts';
import { changesFirstStep } from '../../domain/preselection.ts';
import {
  firstMoveOn,
  holdPrerenderedForm,
  untouchedFirstStep,
  type Takeover,
} from '../../src/features/application/first-step.ts';
import { frameSettings, preselectionOf, trackingOf } from './frame-options.ts';
import { connectToHost, reportHeight } from './host-bridge.ts';
import { storageOr } from './safe-storage.ts';
import { announceStart } from './application-events.ts';
import { applyTheme, markTestMode } from './frame-theme.ts';
import type { FrameContext } from './application-workflow.tsx';

/** The prerendered form, when the workflow may adopt it as it is (no other loan preselected, nothing saved). */
const adoptableForm = (frame: FrameContext): HTMLFormElement | null =>
  changesFirstStep(preselectionOf(frame.settings)) ? null : untouchedFirstStep(frame.root, frame);

/**
 * The application widget's page: its first step comes prerendered (src/entries/prerender.ts) and usable as HTML, so
 * a publisher's visitor sees and fills in the form before any of the workflow's code; this entry only settles the
 * frame (theme, the host's line, the publisher's attribution) and fetches the workflow at the person's first move,
 * which then adopts the form as it stands. A first step that is not the prerendered one (a preselected loan, an
 * application under way, a draft) holds the form still and has the workflow draw its own at once.
 */
function start(root: HTMLElement): void {
  const settings = frameSettings(window.location.href);
  applyTheme(document, settings.config);
  if (settings.config.testMode) markTestMode(document);
  const bridge = connectToHost(window);
  // a test application's token lives in this tab only: a publisher who tries the widget in test
  // mode and then goes live (or back) never finds a test application in a live widget, unmarked,
  // nor a real one under the test band
  const local = storageOr(() => (settings.config.testMode ? window.sessionStorage : window.localStorage));
  const session = storageOr(() => window.sessionStorage);

  // the publisher's attribution, where the application's form reads it (spec: session storage)
  for (const [name, value] of Object.entries(trackingOf(settings.options))) session.setItem(name, value);
  if (bridge && session.getItem('referrer') === null) session.setItem('referrer', bridge.hostOrigin);

  const token = savedToken(local);
  // a person coming back to a sent application began it before
  if (bridge && token === null) announceStart(root, bridge, session);
  const frame: FrameContext = { root, settings, bridge, local, session, token };
  const form = adoptableForm(frame);
  const release = form ? () => undefined : holdPrerenderedForm(root);
  const takeover: Promise<Takeover | null> = form ? firstMoveOn(window, form) : Promise.resolve(null);
  const drawn = takeover.then(async (adopting) => {
    const { runApplicationWorkflow } = await import('./application-workflow.tsx');
    await runApplicationWorkflow(frame, adopting);
    release();
  });
  if (!bridge) return;
  // ready once the person can use it: the prerendered form at once, another first step once drawn
  const ready = () => bridge.post({ type: 'ready', widget: 'application' });
  if (form) ready();
  else void drawn.then(ready);
  reportHeight(bridge, root, () =>
    root.querySelector('.screen--loading')
      ? null
      : (root.querySelector('[data-screen]')?.getAttribute('data-screen') ?? null),
  );
}

const root = document.getElementById('widget-root');
if (root) start(root);
