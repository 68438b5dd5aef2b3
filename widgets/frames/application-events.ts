import type { ApplicationActor } from '../../machines/application-machine.ts';
import type { HostBridge } from './host-bridge.ts';

/**
 * Tells the host page when the applicant's offers are ready to compare: once per application, with
 * their number only.
 */
export function announceProgress(actor: ApplicationActor, bridge: HostBridge): () => void {
  let announcedFor: string | null = null;
  const subscription = actor.subscribe((snapshot) => {
    const { token, status } = snapshot.context;
    if (!snapshot.matches({ watching: 'offers' }) || !token || announcedFor === token) return;
    announcedFor = token;
    bridge.post({ type: 'offersReady', count: status?.offers.length ?? 0 });
  });
  return () => subscription.unsubscribe();
}
