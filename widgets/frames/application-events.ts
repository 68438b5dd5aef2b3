import type { ApplicationActor } from '../../machines/application-machine.ts';
import type { HostBridge } from './host-bridge.ts';

/**
 * Tells the host page when the applicant's offers are ready to compare (once per application, with
 * their number only) and which offer the person chose (the lender and the loan's amount and term,
 * as the person chose it here, not when a reload finds it chosen).
 */
export function announceProgress(actor: ApplicationActor, bridge: HostBridge): () => void {
  let announcedFor: string | null = null;
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
    if (!snapshot.matches({ watching: 'offers' }) || !token || announcedFor === token) return;
    announcedFor = token;
    bridge.post({ type: 'offersReady', count: status?.offers.length ?? 0 });
  });
  return () => subscription.unsubscribe();
}

/** Tells the host once when the person begins the application: their first answer in its form. */
export function announceStart(root: HTMLElement, bridge: HostBridge): () => void {
  const started = () => {
    stop();
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
