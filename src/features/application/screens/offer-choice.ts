import type { ApplicationActor, ApplicationSnapshot } from '../../../../machines/application-machine.ts';
import { afterNextPaint } from '../../../ui/after-next-paint.ts';
import { rememberChosenOffer } from './chosen-offer.ts';
import { childInput } from './shared.tsx';

/**
 * The offers screen's choice, for its Choose buttons: each button subscribes (useSyncExternalStore) to what it shows,
 * so a press renders the buttons and nothing else. A context carrying the state would make React walk every card's
 * subtree looking for its consumers, on a slow phone a good part of the press's time.
 */
export interface OfferChoiceStore {
  readonly subscribe: (listener: () => void) => () => void;
  /** a choice is being sent: every other Choose button waits */
  readonly choosing: () => boolean;
  /** the offer whose choice is being sent: the machine's running choice, else the one this page pressed */
  readonly pendingId: () => string | null;
  readonly choose: (offerId: string) => void;
}

interface ChoiceState {
  readonly choosing: boolean;
  readonly pendingId: string | null;
}

const isChoosing = (snapshot: ApplicationSnapshot): boolean => snapshot.matches({ watching: 'choosingOffer' });

/**
 * `waiting`: the offer pressed whose choice is not sent yet (it goes after the press's paint). Until then only its
 * button is pending: the others wait from the choice's sending on, so the press's own frame renders one button, not
 * sixteen (a second press meanwhile is ignored by `choose`).
 */
function stateOf(snapshot: ApplicationSnapshot, pressed: string | null, waiting: string | null): ChoiceState {
  if (isChoosing(snapshot)) {
    const runningOfferId = childInput<{ offerId: string }>(snapshot, 'chooseOffer')?.offerId ?? null;
    return { choosing: true, pendingId: runningOfferId ?? pressed };
  }
  return { choosing: false, pendingId: waiting };
}

/** A store over the machine, subscribed to it only while a button listens. */
export function createOfferChoice(actor: ApplicationActor): OfferChoiceStore {
  let pressed: string | null = null;
  let waiting: string | null = null;
  let state = stateOf(actor.getSnapshot(), pressed, waiting);
  const listeners = new Set<() => void>();
  let subscription: { unsubscribe: () => void } | null = null;

  const update = () => {
    const next = stateOf(actor.getSnapshot(), pressed, waiting);
    if (next.choosing === state.choosing && next.pendingId === state.pendingId) return;
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    subscribe: (listener) => {
      if (!subscription) {
        // the machine may have moved while no one listened: the first listener reads the state it is in now
        state = stateOf(actor.getSnapshot(), pressed, waiting);
        subscription = actor.subscribe(update);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = null;
        }
      };
    },
    choosing: () => state.choosing,
    pendingId: () => state.pendingId,
    choose: (offerId) => {
      // A second press, on another offer before its button was disabled: the machine, already choosing, would ignore
      // it, and the offer remembered for the next screen must stay the one being chosen.
      if (waiting !== null || isChoosing(actor.getSnapshot())) return;
      pressed = offerId;
      waiting = offerId;
      // the pressed button pending in the press's own frame; the machine's transition and the request (a slow
      // phone's 25 ms) after that frame is painted
      update();
      afterNextPaint(() => {
        waiting = null;
        rememberChosenOffer(actor, offerId);
        actor.send({ type: 'CHOOSE_OFFER', offerId });
        update();
      });
    },
  };
}

/** For a button outside a screen's store (none on the offers screen): never choosing, a press does nothing. */
export const NO_OFFER_CHOICE: OfferChoiceStore = {
  subscribe: () => () => {},
  choosing: () => false,
  pendingId: () => null,
  choose: () => {},
};
