import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyStateNode, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { ApplicationStatus, ApplicationState, SubmitApplicationBody } from '../src/domain/api.ts';
import { validApplication } from '../src/domain/application-fixture.ts';
import { applicationMachine, type ApplicationEvent, type ApplicationInput } from './application-machine.ts';

/**
 * Model-based tests: xstate/graph walks the production machine, and every path it finds is played
 * against a real actor of that machine whose actors (HTTP) and delays are controlled by the test.
 * The suite then checks its own coverage: every state and every transition the machine defines
 * must have been taken, so one added without a path to it fails here.
 */

const lenders = (progress: ApplicationStatus['lenders'][number]['progress']) =>
  ['a', 'b'].map((lenderId) => ({ lenderId, name: lenderId, kind: 'bank' as const, progress }));

const offer = {
  id: '7a0a5e57-2d0c-4a39-9a57-5d4c6f3a3a11',
  lenderId: 'a',
  lenderName: 'a',
  lenderKind: 'bank' as const,
  amount: 12000,
  term: 60,
  annualRate: 9.89,
  arrangementFee: 588,
  monthlyFee: 0,
  monthlyPayment: 254.32,
  totalPayable: 15847.2,
  totalCostOfCredit: 3847.2,
  apr: 12.77,
  validUntil: '2026-12-21T00:00:00.000Z',
  exceedsCostCap: false,
};

function status(state: ApplicationState, variant: 'arriving' | 'settled' = 'settled'): ApplicationStatus {
  const withOffers = ['offers', 'offerChosen', 'signed', 'paid'].includes(state);
  return {
    state,
    language: 'lv',
    firstName: 'Jānis',
    loan: { amount: 12000, term: 60, purpose: 'personalNeeds' },
    identification: { method: 'bank', state: 'succeeded', verificationCode: null, failure: null },
    lenders: lenders(variant === 'arriving' ? 'sent' : withOffers ? 'offer' : 'declined'),
    offers: withOffers ? [offer] : [],
    chosenOfferId: null,
    signUrl: null,
    identifiedAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
    expiresAt: '2026-12-21T00:00:00.000Z',
  };
}

const SERVER_STATUSES: ApplicationStatus[] = [
  status('draft'),
  status('identifying'),
  status('identificationFailed'),
  status('processing'),
  status('offers', 'arriving'),
  status('offers'),
  status('noOffers'),
  status('offerChosen'),
  status('signed'),
  status('paid'),
  status('expired'),
];

const body: SubmitApplicationBody = { language: 'lv', application: validApplication };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** Every event the model may try: the applicant's, the server's pushes, and each actor's outcomes. */
const EVENTS = [
  { type: 'SUBMIT', body, idempotencyKey: 'key-0000000000000001' },
  { type: 'CHOOSE_METHOD', choice: { method: 'bank', institutionId: 'daugavas-banka' } },
  { type: 'CHOOSE_METHOD', choice: { method: 'smartId' } },
  { type: 'CHOOSE_ANOTHER_METHOD' },
  { type: 'EDIT_APPLICATION' },
  { type: 'SHOW_OFFERS' },
  { type: 'CHOOSE_OFFER', offerId: offer.id },
  { type: 'SIGN' },
  { type: 'RETRY' },
  ...SERVER_STATUSES.map((s) => ({ type: 'STATUS', status: s })),
  ...SERVER_STATUSES.map((s) => done('loadStatus', s)),
  failed('loadStatus', { code: 'invalidToken', status: 404 }),
  failed('loadStatus', { code: 'network', status: null }),
  done('submitApplication', { token: 't'.repeat(43), expiresAt: '2026-12-21T00:00:00.000Z' }),
  failed('submitApplication', { code: 'validation', status: 400, fields: { personalId: 'Nederīgs personas kods' } }),
  failed('submitApplication', { code: 'network', status: null }),
  done('loadInstitutions', [
    { id: 'daugavas-banka', name: 'Daugavas Banka', logo: '/x.svg', order: 1, featured: true },
  ]),
  failed('loadInstitutions', { code: 'network', status: null }),
  done('startIdentification', { method: 'bank', redirectUrl: 'http://bank.test/authorize' }),
  done('startIdentification', { method: 'smartId', verificationCode: '1234' }),
  failed('startIdentification', { code: 'identificationFailed', status: 422 }),
  done('chooseOffer', { signUrl: 'http://lender.test/contracts/1' }),
  failed('chooseOffer', { code: 'offerNotFound', status: 404 }),
  { type: 'xstate.after.identificationTimeout.application.confirmingIdentity' },
  { type: 'xstate.after.offersTimeout.application.waiting' },
] as unknown as ApplicationEvent[];

const DELAYS: Record<string, number> = { identificationTimeout: 10 * 60_000, offersTimeout: 60 * 60_000 };

/** A snapshot's identity for the walk: where it is, and the context facts its guards read. */
const serializeState = (snapshot: {
  value: unknown;
  context: { token: string | null; status: ApplicationStatus | null };
}) =>
  JSON.stringify([snapshot.value, snapshot.context.token !== null, (snapshot.context.status?.offers.length ?? 0) > 0]);

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** Every transition the machine defines, by source, event and position among that event's branches. */
function definedTransitions(): Set<string> {
  const keys = new Set<string>();
  for (const node of allStateNodes(applicationMachine.root)) {
    for (const [eventType, transitions] of node.transitions) {
      transitions.forEach((_, index) => keys.add(`${node.id} ${eventType} #${index}`));
    }
    (node.always ?? []).forEach((_, index) => keys.add(`${node.id} always #${index}`));
  }
  return keys;
}

function transitionKey(transition: { source: AnyStateNode; eventType: string }): string {
  const branches =
    transition.eventType === ''
      ? (transition.source.always ?? [])
      : (transition.source.transitions.get(transition.eventType) ?? []);
  const index = branches.indexOf(transition as never);
  return `${transition.source.id} ${transition.eventType === '' ? 'always' : transition.eventType} #${index}`;
}

const coveredTransitions = new Set<string>();
const visitedStates = new Set<string>();
let paths = 0;

/**
 * The walk offers every event in every state; an actor's outcome or a timer can only happen where
 * that actor runs or that timer is set.
 */
function canHappen(snapshot: { children: Record<string, unknown>; _nodes: AnyStateNode[] }, event: ApplicationEvent) {
  const type = event.type as string;
  const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)?.[1];
  if (actor) return actor in snapshot.children;
  const timerState = /^xstate\.after\.\w+\.(.+)$/.exec(type)?.[1];
  if (timerState) return snapshot._nodes.some((node) => node.id === timerState);
  return true;
}

/** Plays one path on a real actor: the test answers its HTTP actors and moves its clock. */
async function play(input: ApplicationInput, events: readonly ApplicationEvent[], expected: readonly unknown[]) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const controlled = (id: string) =>
    fromPromise(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject })));
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        loadStatus: controlled('loadStatus') as never,
        submitApplication: controlled('submitApplication') as never,
        loadInstitutions: controlled('loadInstitutions') as never,
        startIdentification: controlled('startIdentification') as never,
        chooseOffer: controlled('chooseOffer') as never,
        watchStatus: fromCallback(() => () => undefined),
      },
    }),
    {
      input,
      inspect: (inspection: InspectionEvent) => {
        if (inspection.type !== '@xstate.microstep') return;
        for (const transition of inspection._transitions) {
          coveredTransitions.add(transitionKey(transition));
          // transient states (restoring, routing) are only ever seen as a transition's source
          visitedStates.add(transition.source.id);
        }
      },
    },
  );
  actor.subscribe((snapshot) => {
    for (const node of snapshot._nodes) visitedStates.add(node.id);
  });
  actor.start();
  for (const node of actor.getSnapshot()._nodes) visitedStates.add(node.id);

  for (const [index, event] of events.entries()) {
    const type = event.type as string;
    if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
      const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
      const waiting = pending.get(id);
      expect(waiting, `${id} is running before its outcome`).toBeDefined();
      pending.delete(id);
      if (type.startsWith('xstate.done')) waiting?.resolve((event as unknown as { output: unknown }).output);
      else waiting?.reject((event as unknown as { error: unknown }).error);
      await vi.advanceTimersByTimeAsync(0);
    } else if (type.startsWith('xstate.after.')) {
      const delay = type.split('.')[2] ?? '';
      await vi.advanceTimersByTimeAsync(DELAYS[delay] ?? 0);
    } else {
      actor.send(event);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(actor.getSnapshot().value, `after ${type}`).toEqual(expected[index]);
  }
  actor.stop();
  paths += 1;
}

describe('the application machine, walked by its model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const input of [
    { language: 'lv', token: null },
    { language: 'ru', token: 'saved-token' },
  ] satisfies ApplicationInput[]) {
    it(`takes every (state, event) step reachable ${input.token ? 'from a saved token' : 'from a fresh start'}`, async () => {
      const options = { events: EVENTS, input, serializeState: serializeState as never };
      // shortest path to every state, then every event from there: each transition at least once
      const adjacency = getAdjacencyMap(applicationMachine, options);
      const shortest = new Map(
        getShortestPaths(applicationMachine, options).map((path) => [serializeState(path.state as never), path]),
      );
      for (const [key, { state, transitions }] of Object.entries(adjacency)) {
        const path = shortest.get(key) ?? shortest.get(serializeState(state as never));
        expect(path, `a path to ${key}`).toBeDefined();
        if (!path) continue;
        // the walk's first step is the machine's own start
        const steps = path.steps.filter((step) => (step.event.type as string) !== 'xstate.init');
        for (const { event, state: next } of Object.values(transitions) as {
          event: ApplicationEvent;
          state: typeof state;
        }[]) {
          if (!canHappen(state as never, event)) continue;
          await play(input, [...steps.map((step) => step.event), event] as ApplicationEvent[], [
            ...steps.map((step) => step.state.value),
            next.value,
          ]);
        }
      }
    });
  }

  it('covered every state and every transition the machine defines', () => {
    const states = allStateNodes(applicationMachine.root).map((node) => node.id);
    expect(states.filter((id) => !visitedStates.has(id))).toEqual([]);
    const missing = [...definedTransitions()].filter((key) => !coveredTransitions.has(key));
    expect(missing).toEqual([]);
    expect(paths).toBeGreaterThan(50);
  });
});
