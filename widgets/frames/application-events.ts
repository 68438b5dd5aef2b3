import type { ApplicationActor } from '../../machines/application-machine.ts';
import type { HostBridge } from './host-bridge.ts';

/**
 * What the host page has already been told of the application under way, kept in the widget's
 * storage: a reload of the host page or of the widget starts these listeners afresh, and the
 * publisher would otherwise count one application's start or offers twice.
 */
const STARTED_KEY = 'widgetStartAnnounced';
const OFFERS_KEY = 'widgetOffersAnnounced';

type Marks = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A new application is sent: its start and its offers are news again for the next one. */
export function forgetAnnouncements(local: Marks, session: Marks): void {
  session.removeItem(STARTED_KEY);
  local.removeItem(OFFERS_KEY);
}

/**
 * Tells the host page when the applicant's offers are ready to compare (once per application, with
 * their number only, however often the widget is reloaded on them: `local` holds the application's
 * token and the mark beside it) and which offer the person chose (the lender and the loan's amount
 * and term, as the person chose it here, not when a reload finds it chosen).
 */
export function announceProgress(actor: ApplicationActor, bridge: HostBridge, local: Marks): () => void {
  let choosing = false;
  const subscription = actor.subscribe((snapshot) => {
    const { token, status, chosenOfferId } = snapshot.context;
    if (snapshot.matches({ watching: 'offerChosen' }) && choosing) {
      const offer = status?.offers.find((candidate) => candidate.id === chosenOfferId);
      if (offer) {
        const { lenderId, lenderName, amount, term } = offer;
        bridge.post({ type: 'offerChosen', lenderId, lenderName, amount, term });
      }
    }
    choosing = snapshot.matches({ watching: 'choosingOffer' });
    if (!snapshot.matches({ watching: 'offers' }) || !token || local.getItem(OFFERS_KEY) !== null) return;
    local.setItem(OFFERS_KEY, '1');
    bridge.post({ type: 'offersReady', count: status?.offers.length ?? 0 });
  });
  return () => subscription.unsubscribe();
}

/**
 * Tells the host once when the person begins the application: their first answer in its form, not
 * again when a reload brings back the form they had begun (`session` holds its draft and the mark).
 */
export function announceStart(root: HTMLElement, bridge: HostBridge, session: Marks): () => void {
  const started = () => {
    stop();
    if (session.getItem(STARTED_KEY) !== null) return;
    session.setItem(STARTED_KEY, '1');
    bridge.post({ type: 'started' });
  };
  const stop = () => {
    root.removeEventListener('input', started);
    root.removeEventListener('change', started);
  };
  root.addEventListener('input', started);
  root.addEventListener('change', started);
  return stop;
}
