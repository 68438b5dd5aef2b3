// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ApplicationActor } from '../../machines/application-machine.ts';
import { announceProgress, announceStart, MARKS_KEY } from './application-events.ts';
import type { HostBridge } from './host-bridge.ts';
import { memoryStorage } from './safe-storage.ts';

const bridgeTelling = () => {
  const post = vi.fn();
  return {
    post,
    bridge: { hostOrigin: 'https://publisher.example', widgetId: 'w1', post, listen: () => () => {} } as HostBridge,
  };
};
const posted = (post: ReturnType<typeof vi.fn>) => post.mock.calls.map(([body]) => (body as { type: string }).type);

/** The application's machine as the listener sees it: a step and its context, one snapshot after another. */
function fakeActor() {
  const listeners = new Set<(snapshot: unknown) => void>();
  const actor = {
    subscribe: (listener: (snapshot: unknown) => void) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  } as unknown as ApplicationActor;
  const show = (step: string, chosenOfferId: string | null = null) => {
    const snapshot = {
      context: {
        token: 'token-of-the-application',
        chosenOfferId,
        status: {
          offers: [{ id: 'o1', lenderId: 'ziemelu-banka', lenderName: 'Ziemeļu Banka', amount: 3000, term: 24 }],
        },
      },
      matches: (state: { watching: string }) => state.watching === step,
    };
    for (const listener of listeners) listener(snapshot);
  };
  return { actor, show };
}

describe('announceStart', () => {
  it('tells the host once, on the first answer, and not again after a reload of the begun form', () => {
    const session = memoryStorage();
    const first = bridgeTelling();
    const root = document.createElement('form');
    announceStart(root, first.bridge, session);
    root.dispatchEvent(new Event('input'));
    root.dispatchEvent(new Event('change'));
    expect(posted(first.post)).toEqual(['started']);

    // the page (or the widget) reloads: the same tab's session, a new listener
    const again = bridgeTelling();
    announceStart(root, again.bridge, session);
    root.dispatchEvent(new Event('input'));
    expect(posted(again.post)).toEqual([]);
  });

  it('tells of the next application begun once the last one was sent', () => {
    const session = memoryStorage();
    const root = document.createElement('form');
    announceStart(root, bridgeTelling().bridge, session);
    root.dispatchEvent(new Event('input'));
    session.removeItem(MARKS_KEY);
    const next = bridgeTelling();
    announceStart(root, next.bridge, session);
    root.dispatchEvent(new Event('input'));
    expect(posted(next.post)).toEqual(['started']);
  });
});

describe('announceProgress', () => {
  it('tells of the offers once per application, however often the widget is reloaded on them in this tab', () => {
    const local = memoryStorage();
    const first = bridgeTelling();
    const widget = fakeActor();
    announceProgress(widget.actor, first.bridge, local);
    widget.show('offers');
    widget.show('offers');
    expect(first.post.mock.calls).toEqual([[{ type: 'offersReady', count: 1 }]]);

    const reloaded = fakeActor();
    const again = bridgeTelling();
    announceProgress(reloaded.actor, again.bridge, local);
    reloaded.show('offers');
    expect(posted(again.post)).toEqual([]);

    // a new application sent from this widget has offers of its own
    local.removeItem(MARKS_KEY);
    reloaded.show('offers');
    expect(posted(again.post)).toEqual(['offersReady']);
  });

  it('tells of an offer chosen here, with the lender, amount and term, not of one a reload finds chosen', () => {
    const { post, bridge } = bridgeTelling();
    const widget = fakeActor();
    announceProgress(widget.actor, bridge, memoryStorage());
    widget.show('offerChosen', 'o1');
    expect(posted(post)).toEqual([]);
    widget.show('choosingOffer', 'o1');
    widget.show('offerChosen', 'o1');
    expect(post).toHaveBeenLastCalledWith({
      type: 'offerChosen',
      lenderId: 'ziemelu-banka',
      lenderName: 'Ziemeļu Banka',
      amount: 3000,
      term: 24,
    });
  });
});
