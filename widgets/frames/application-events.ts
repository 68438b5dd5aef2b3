import type { ApplicationActor } from '../../machines/application-machine.ts';
import type { WidgetMessageBody } from '../../domain/widget-protocol/messages.ts';
import type { HostBridge } from './host-bridge.ts';

/**
 * What the host page has been told of the application under way in this tab, in the widget's
 * session storage beside the form's draft: a reload of the host page or of the widget starts these
 * listeners afresh, and a publisher would otherwise count one application's start or offers twice.
 */
export const MARKS_KEY = 'widgetAnnounced';
type Marks = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Posts the message unless this tab's application has already posted its kind. */
function postOnce(bridge: HostBridge, session: Marks, body: WidgetMessageBody): void {
  const marks = session.getItem(MARKS_KEY) ?? '';
  if (marks.includes(body.type)) return;
  session.setItem(MARKS_KEY, marks + body.type);
  bridge.post(body);
}

/**
 * Tells the host page when the applicant's offers are ready to compare (once per application, with
 * their number only) and which offer the person chose (the lender and the loan's amount and term,
 * as the person chose it here, not when a reload finds it chosen).
 */
export function announceProgress(actor: ApplicationActor, bridge: HostBridge, session: Marks): () => void {
  let choosing = false;
  const subscription = actor.subscribe((snapshot) => {
    const { status, chosenOfferId } = snapshot.context;
    if (snapshot.matches({ watching: 'offerChosen' }) && choosing) {
      const offer = status?.offers.find((candidate) => candidate.id === chosenOfferId);
      if (offer) {
        const { lenderId, lenderName, amount, term } = offer;
        bridge.post({ type: 'offerChosen', lenderId, lenderName, amount, term });
      }
    }
    choosing = snapshot.matches({ watching: 'choosingOffer' });
    if (snapshot.matches({ watching: 'offers' }))
      postOnce(bridge, session, { type: 'offersReady', count: status?.offers.length ?? 0 });
  });
  return () => subscription.unsubscribe();
}

/** Tells the host once when the person begins the application: their first answer in its form. */
export function announceStart(root: HTMLElement, bridge: HostBridge, session: Marks): () => void {
  const started = () => {
    stop();
    postOnce(bridge, session, { type: 'started' });
  };
  const stop = () => {
    root.removeEventListener('input', started);
    root.removeEventListener('change', started);
  };
  root.addEventListener('input', started);
  root.addEventListener('change', started);
  return stop;
}
