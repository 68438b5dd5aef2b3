import type { AnyStateNode } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { ApplicationStatus, ApplicationState, SubmitApplicationBody } from '../domain/api.ts';
import { validApplication } from '../tests/fixtures/application.ts';
import { applicationMachine, type ApplicationEvent, type ApplicationInput } from './application-machine.ts';

/**
 * The test model of the application machine, shared by the model-based tests of the machine alone
 * (machines/) and of the machine driving the real screens (src/features/application/): the events
 * the walk tries, and how the suites measure what they covered.
 */

const lenders = (progress: ApplicationStatus['lenders'][number]['progress']) =>
  ['a', 'b'].map((lenderId) => ({
    lenderId,
    name: lenderId,
    kind: 'bank' as const,
    logo: `/api/lenders/${lenderId}/logo.svg`,
    progress,
    declineReason: progress === 'declined' ? ('income' as const) : null,
    review: null,
    documentRequests: [],
  }));

export const offer = {
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
  lenderLogo: '/api/lenders/a/logo.svg',
  matchesRequest: true,
  best: true,
};

export function status(state: ApplicationState, variant: 'arriving' | 'settled' = 'settled'): ApplicationStatus {
  const withOffers = ['offers', 'offerChosen', 'signed', 'paid'].includes(state);
  const chosen = ['offerChosen', 'signed', 'paid'].includes(state);
  return {
    state,
    language: 'lv',
    firstName: 'Jānis',
    loan: { amount: 12000, term: 60, purpose: 'personalNeeds' },
    identification: { method: 'bank', state: 'succeeded', verificationCode: null, failure: null },
    lenders: lenders(variant === 'arriving' ? 'sent' : withOffers ? 'offer' : 'declined'),
    offers: withOffers ? [offer] : [],
    // once an offer is chosen, the server names it and the lender's signing page
    chosenOfferId: chosen ? offer.id : null,
    signUrl: chosen ? 'http://lender.test/contracts/1' : null,
    // the hour of the offers' promise counts from the start of waiting when the server gives no time
    identifiedAt: null,
    updatedAt: '2026-11-21T00:00:00.000Z',
    expiresAt: '2026-12-21T00:00:00.000Z',
  };
}

export const SERVER_STATUSES: ApplicationStatus[] = [
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
export const EVENTS = [
  { type: 'SUBMIT', body, idempotencyKey: 'key-0000000000000001' },
  { type: 'CHOOSE_METHOD', choice: { method: 'bank', institutionId: 'daugavas-banka' } },
  { type: 'CHOOSE_METHOD', choice: { method: 'smartId' } },
  { type: 'CHOOSE_ANOTHER_METHOD' },
  { type: 'EDIT_APPLICATION' },
  { type: 'SHOW_OFFERS' },
  { type: 'CHOOSE_OFFER', offerId: offer.id },
  { type: 'SIGN' },
  { type: 'RETRY' },
  { type: 'START_OVER' },
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
  { type: 'xstate.after.identificationTimeout.application.watching.confirmingIdentity' },
  { type: 'xstate.after.offersTimeout.application.watching.waiting' },
] as unknown as ApplicationEvent[];

export const DELAYS: Record<string, number> = { identificationTimeout: 10 * 60_000, offersTimeout: 60 * 60_000 };

/** A snapshot's identity for the walk: where it is, and the context facts its guards read. */
export const serializeState = (snapshot: {
  value: unknown;
  context: { token: string | null; status: ApplicationStatus | null };
}) =>
  JSON.stringify([snapshot.value, snapshot.context.token !== null, (snapshot.context.status?.offers.length ?? 0) > 0]);

export function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** Every transition the machine defines, by source, event and position among that event's branches. */
export function definedTransitions(): Set<string> {
  const keys = new Set<string>();
  for (const node of allStateNodes(applicationMachine.root)) {
    for (const [eventType, transitions] of node.transitions) {
      transitions.forEach((_, index) => keys.add(`${node.id} ${eventType} #${index}`));
    }
    (node.always ?? []).forEach((_, index) => keys.add(`${node.id} always #${index}`));
  }
  return keys;
}

export function transitionKey(transition: { source: AnyStateNode; eventType: string }): string {
  const branches =
    transition.eventType === ''
      ? (transition.source.always ?? [])
      : (transition.source.transitions.get(transition.eventType) ?? []);
  const index = branches.indexOf(transition as never);
  return `${transition.source.id} ${transition.eventType === '' ? 'always' : transition.eventType} #${index}`;
}

/**
 * The walk offers every event in every state; an actor's outcome or a timer can only happen where
 * that actor runs or that timer is set.
 */
export function canHappen(
  snapshot: { children: Record<string, unknown>; _nodes: AnyStateNode[] },
  event: ApplicationEvent,
) {
  const type = event.type as string;
  const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)?.[1];
  if (actor) return actor in snapshot.children;
  const timerState = /^xstate\.after\.\w+\.(.+)$/.exec(type)?.[1];
  if (timerState) return snapshot._nodes.some((node) => node.id === timerState);
  return true;
}

/** One step of the walk: the events from the start that end in it, and the state after each. */
export interface ModelStep {
  readonly events: ApplicationEvent[];
  readonly expected: unknown[];
}

/**
 * The shortest path to every state the walk finds, then every event that can happen there: each
 * (state, event) pair once, so every transition is taken at least once. A state without a path
 * fails the walk.
 */
export function modelSteps(events: readonly ApplicationEvent[], input: ApplicationInput): ModelStep[] {
  const options = { events: [...events], input, serializeState: serializeState as never };
  const adjacency = getAdjacencyMap(applicationMachine, options);
  const shortest = new Map(
    getShortestPaths(applicationMachine, options).map((path) => [serializeState(path.state as never), path]),
  );
  const steps: ModelStep[] = [];
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const path = shortest.get(key) ?? shortest.get(serializeState(state as never));
    if (!path) throw new Error(`the walk found no path to ${key}`);
    // the walk's first step is the machine's own start
    const before = path.steps.filter((step) => (step.event.type as string) !== 'xstate.init');
    for (const { event, state: next } of Object.values(transitions) as {
      event: ApplicationEvent;
      state: typeof state;
    }[]) {
      if (!canHappen(state as never, event)) continue;
      steps.push({
        events: [...before.map((step) => step.event), event] as ApplicationEvent[],
        expected: [...before.map((step) => step.state.value), next.value],
      });
    }
  }
  return steps;
}
