import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { EnteringEssenceScreen } from './form/EnteringEssenceScreen.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { useWorkflow } from './workflow-context.tsx';
import { usePresentation } from './presentation.tsx';
import { StartNotice } from './StartNotice.tsx';
import { StepIndicator } from './StepIndicator.tsx';
import { stepMetaOf } from '../../../machines/application-steps.ts';
import type { WorkflowScreen } from '../../../domain/wizard-paths.ts';

/**
 * One screen per state of the machine. The form is part of the first download, being the step
 * most people open; the later screens load when the applicant gets to them.
 */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const SCREENS = {
  loading: LoadingScreen,
  enteringEssence: EnteringEssenceScreen,
  choosingMethod: named(() => import('./screens/ChoosingMethodScreen.tsx'), 'ChoosingMethodScreen'),
  confirmingIdentity: named(() => import('./screens/ConfirmingIdentityScreen.tsx'), 'ConfirmingIdentityScreen'),
  waiting: named(() => import('./screens/WaitingScreen.tsx'), 'WaitingScreen'),
  noOffers: named(() => import('./screens/NoOffersScreen.tsx'), 'NoOffersScreen'),
  offers: named(() => import('./screens/OffersScreen.tsx'), 'OffersScreen'),
  offerChosen: named(() => import('./screens/OfferChosenScreen.tsx'), 'OfferChosenScreen'),
  signing: named(() => import('./screens/SigningScreen.tsx'), 'SigningScreen'),
  paid: named(() => import('./screens/PaidScreen.tsx'), 'PaidScreen'),
  error: named(() => import('./screens/ErrorScreen.tsx'), 'ErrorScreen'),
} satisfies Record<WorkflowScreen, ComponentType>;
/** Screens a host of the workflow shows instead of the site's own (a widget in apply-only mode). */
export type ScreenOverrides = Partial<Record<WorkflowScreen, ComponentType>>;

/** Moves focus to the new screen's heading once it is on the page, except on the page's first screen. */
function FocusOnArrival({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { embedded } = usePresentation();
  useEffect(() => {
    // in a publisher's widget, a step the server brings (offers arriving) never pulls the visitor
    // away from the publisher's page: focus moves only while it is in the widget
    if (!enabled || (embedded && !document.hasFocus())) return;
    ref.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
    // on arrival only: a later change of `enabled` is not a new screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <div ref={ref}>{children}</div>;
}

export function WorkflowApp({ screens }: { screens?: ScreenOverrides | undefined }) {
  const screen = useWorkflow((snapshot) => stepMetaOf(snapshot).screen);
  // the page's first real screen keeps the browser's focus; every later one takes it
  const [shownBefore, setShownBefore] = useState(false);
  const [lastScreen, setLastScreen] = useState(screen);
  if (screen !== lastScreen) {
    setLastScreen(screen);
    if (lastScreen !== 'loading') setShownBefore(true);
  }
  const Screen = screens?.[screen] ?? SCREENS[screen];
  return (
    <div className="workflow container" data-screen={screen}>
      <StepIndicator screen={screen} />
      {screen === 'enteringEssence' ? <StartNotice /> : null}
      <Suspense fallback={<LoadingScreen />}>
        <FocusOnArrival key={screen} enabled={shownBefore && screen !== 'loading'}>
          <Screen />
        </FocusOnArrival>
      </Suspense>
    </div>
  );
}
