/**
 * The application's lifecycle on the server: the states a stored application goes through and the events that
 * move it, as one typed transition table. Pure: the server's transition module
 * (server/applications/lifecycle/transition.ts) checks every write of an application's state against it and
 * generates its SQL conditions from it; the wizard's step of a status comes from application-lifecycle-step.ts.
 *
 * The moments of the journey and their events:
 * - received: the submission stores the application as `draft`;
 * - identificationStarted: the person chooses a method (again, while one is pending or after a failure);
 * - identified: the identification succeeded, and the same statement creates one request a lender, so being
 *   sent to the lenders is part of this event: `processing` means identified and with the lenders;
 * - identificationFailed: the provider refused, timed out, or identified someone else;
 * - offerArrived: a lender's offer (or a review's offer) is taken while lenders may still answer;
 * - lendersAnsweredWithoutOffer: every lender declined or went silent and none offered;
 * - offerChosen: the person chose an offer (a new choice replaces an unsigned one);
 * - signed, paid: the chosen lender reports the signature, then the payout; a lender repeating its last word
 *   (a retry after a lost answer) is taken and changes nothing;
 * - expired: the offers all ran out, or the token did; finished business (signed, paid) does not expire;
 * - erased: the person's erasure or the retention period deletes the application; `erased` is the model's
 *   name for the row's absence, never an answer's state, and every event after it is refused.
 * Signing itself happens on the lender's page, which the server does not see: the wizard shows its step while
 * the chosen offer waits for the lender's `signed`. A withdrawal by the person has no event of its own: the
 * lenders are told an application is withdrawn when it is erased.
 */

/**
 * The states an application's row holds, as the API names them. `identified` and `error` are never entered (the
 * identification moves straight to `processing`); they stay in the list so that no client's enumeration breaks.
 */
export const APPLICATION_STATES = [
  'draft',
  'identifying',
  'identified',
  'processing',
  'offers',
  'offerChosen',
  'signed',
  'paid',
  'identificationFailed',
  'noOffers',
  'expired',
  'error',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** The state after erasure: the application is gone. */
export const ERASED = 'erased';
export type LifecycleState = ApplicationState | typeof ERASED;

export const LIFECYCLE_EVENTS = [
  'received',
  'identificationStarted',
  'identified',
  'identificationFailed',
  'offerArrived',
  'lendersAnsweredWithoutOffer',
  'offerChosen',
  'signed',
  'paid',
  'expired',
  'erased',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/** The state `received` gives a new application. */
export const RECEIVED_STATE: ApplicationState = 'draft';

type Moves = Readonly<Partial<Record<ApplicationState, LifecycleState>>>;

/** Every state an application's row holds, moved to one target. */
const allTo = (target: LifecycleState, except: readonly ApplicationState[] = []): Moves =>
  Object.fromEntries(APPLICATION_STATES.filter((state) => !except.includes(state)).map((state) => [state, target]));

/** For each event, the states it may start from and where it leads from each; any other state refuses it. */
const TRANSITIONS: { readonly [E in LifecycleEvent]: Moves } = {
  // an application is received once, as it is stored: no stored state takes it
  received: {},
  identificationStarted: { draft: 'identifying', identifying: 'identifying', identificationFailed: 'identifying' },
  identified: { identifying: 'processing' },
  identificationFailed: { identifying: 'identificationFailed' },
  // a late offer while one is chosen is kept for the person to compare: the choice stands until signed
  offerArrived: { processing: 'offers', offers: 'offers', noOffers: 'offers', offerChosen: 'offerChosen' },
  lendersAnsweredWithoutOffer: { processing: 'noOffers' },
  offerChosen: { offers: 'offerChosen', offerChosen: 'offerChosen' },
  signed: { offerChosen: 'signed', signed: 'signed' },
  paid: { signed: 'paid', paid: 'paid' },
  expired: allTo('expired', ['signed', 'paid', 'expired']),
  erased: allTo(ERASED),
};

export type Transition =
  | { readonly allowed: true; readonly to: LifecycleState }
  | { readonly allowed: false; readonly from: LifecycleState | null; readonly event: LifecycleEvent };

/**
 * Where `event` leads from `state` (null: no application received yet), or its refusal. The answer for a state
 * the event may not start from is a refusal, never the state unchanged.
 */
export function nextState(state: LifecycleState | null, event: LifecycleEvent): Transition {
  if (state === null) {
    return event === 'received' ? { allowed: true, to: RECEIVED_STATE } : { allowed: false, from: state, event };
  }
  const to = state === ERASED ? undefined : TRANSITIONS[event][state];
  return to === undefined ? { allowed: false, from: state, event } : { allowed: true, to };
}

/** The stored states `event` may start from, in the order of APPLICATION_STATES: SQL checks `state = ANY(…)`. */
export const sourcesOf = (event: LifecycleEvent): readonly ApplicationState[] =>
  APPLICATION_STATES.filter((state) => TRANSITIONS[event][state] !== undefined);

/** The target of `event` from each state it may start from. */
export const movesOf = (event: LifecycleEvent): readonly (readonly [ApplicationState, LifecycleState])[] =>
  sourcesOf(event).map((state) => [state, TRANSITIONS[event][state] as LifecycleState] as const);

/**
 * The states in which lenders hold the application open: a lender's answer is still taken there. Erasing an
 * application in one of them tells its lenders it is withdrawn.
 */
export const STATES_OPEN_WITH_LENDERS: readonly ApplicationState[] = sourcesOf('offerArrived');

/** The events of the journey itself: what the person, the identification and the lenders send. */
const JOURNEY_EVENTS = LIFECYCLE_EVENTS.filter((event) => !['received', 'expired', 'erased'].includes(event));

/** The states the journey's events lead to, one step from `state`. */
const journeyMovesFrom = (state: ApplicationState): readonly ApplicationState[] =>
  JOURNEY_EVENTS.flatMap((event) => {
    const to = TRANSITIONS[event][state];
    return to === undefined || to === ERASED ? [] : [to];
  });

/** `from` and every state the journey's events lead to from it, step by step. */
function journeyFrom(from: ApplicationState): ReadonlySet<ApplicationState> {
  const reached = new Set<ApplicationState>([from]);
  for (const state of reached) for (const to of journeyMovesFrom(state)) reached.add(to);
  return reached;
}

const identifiedTo = movesOf('identified').map(([, to]) => to as ApplicationState);

/**
 * The states of an identified application: where the identification leads and every state after it, and
 * `identified`, the API's name for the moment itself. There is no way back to the form from them.
 */
export const IDENTIFIED_STATES: ReadonlySet<ApplicationState> = new Set([
  'identified',
  ...identifiedTo.flatMap((state) => [...journeyFrom(state)]),
]);

/**
 * The states an application still moves on from by the journey's events (expiry and erasure aside): the person
 * can go on with it in the wizard (identify, wait, compare, ask for a review, choose, sign).
 */
export const CONTINUABLE_STATES: readonly ApplicationState[] = APPLICATION_STATES.filter((state) =>
  journeyMovesFrom(state).some((to) => to !== state),
);

/** The states in which the person may choose an offer (again, while the choice is unsigned). */
export const CHOOSABLE_STATES: readonly ApplicationState[] = sourcesOf('offerChosen');

/** The states in which the chosen offer waits for the person's signature at the lender's. */
export const SIGNABLE_STATES: readonly ApplicationState[] = movesOf('signed')
  .filter(([from, to]) => from !== to)
  .map(([from]) => from);
