import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  CHOOSABLE_STATES,
  CONTINUABLE_STATES,
  IDENTIFIED_STATES,
  LIFECYCLE_EVENTS,
  SIGNABLE_STATES,
  movesOf,
  nextState,
  sourcesOf,
  STATES_OPEN_WITH_LENDERS,
  type LifecycleEvent,
  type LifecycleState,
} from './application-lifecycle.ts';

/** Refused. */
const R = null;

/** The columns of the table below, in its order. */
const COLUMNS = [
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
  'erased',
] as const satisfies readonly LifecycleState[];

/**
 * The intended lifecycle, written out state by state for every event: the answer for each pair, R where the
 * event is refused. The model must answer exactly this.
 */
// prettier-ignore
const INTENDED: Record<LifecycleEvent, readonly (LifecycleState | null)[]> = {
  //                          draft          identifying    identified  processing  offers      offerChosen    signed    paid    identificationFailed noOffers expired   error      erased
  received:                    [R,             R,             R,          R,          R,          R,             R,        R,      R,                   R,       R,        R,         R],
  identificationStarted:       ['identifying', 'identifying', R,          R,          R,          R,             R,        R,      'identifying',       R,       R,        R,         R],
  identified:                  [R,             'processing',  R,          R,          R,          R,             R,        R,      R,                   R,       R,        R,         R],
  identificationFailed:        [R,             'identificationFailed', R, R,          R,          R,             R,        R,      R,                   R,       R,        R,         R],
  offerArrived:                [R,             R,             R,          'offers',   'offers',   'offerChosen', R,        R,      R,                   'offers', R,       R,         R],
  lendersAnsweredWithoutOffer: [R,             R,             R,          'noOffers', R,          R,             R,        R,      R,                   R,       R,        R,         R],
  offerChosen:                 [R,             R,             R,          R,          'offerChosen', 'offerChosen', R,     R,      R,                   R,       R,        R,         R],
  signed:                      [R,             R,             R,          R,          R,          'signed',      'signed', R,      R,                   R,       R,        R,         R],
  paid:                        [R,             R,             R,          R,          R,          R,             'paid',   'paid', R,                   R,       R,        R,         R],
  expired:                     ['expired',     'expired',     'expired',  'expired',  'expired',  'expired',     R,        R,      'expired',           'expired', R,      'expired', R],
  erased:                      ['erased',      'erased',      'erased',   'erased',   'erased',   'erased',      'erased', 'erased', 'erased',          'erased', 'erased', 'erased', R],
};

const pairs = LIFECYCLE_EVENTS.flatMap((event) =>
  COLUMNS.map((state, column) => ({ event, state, expected: INTENDED[event][column] })),
);

describe('the application lifecycle', () => {
  it('keeps the API state enumeration, in its order', () => {
    expect(APPLICATION_STATES).toEqual([
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
    ]);
    expect(COLUMNS.filter((state) => state !== 'erased')).toEqual([...APPLICATION_STATES]);
  });

  it.each(pairs)('$event from $state: $expected', ({ event, state, expected }) => {
    const answer = nextState(state, event);
    if (expected === R) expect(answer).toEqual({ allowed: false, from: state, event });
    else expect(answer).toEqual({ allowed: true, to: expected });
  });

  it('receives an application only before it exists, as a draft', () => {
    for (const event of LIFECYCLE_EVENTS) {
      expect(nextState(null, event)).toEqual(
        event === 'received' ? { allowed: true, to: 'draft' } : { allowed: false, from: null, event },
      );
    }
  });

  it.each(LIFECYCLE_EVENTS)('lists the states %s may start from, and its target from each', (event) => {
    const allowed = COLUMNS.flatMap((state, column) => {
      const target = INTENDED[event][column];
      return target === R || target === undefined ? [] : [[state, target] as const];
    });
    expect(sourcesOf(event)).toEqual(allowed.map(([state]) => state));
    expect(movesOf(event)).toEqual(allowed);
  });

  it('names the states in which lenders still hold the application open', () => {
    expect(STATES_OPEN_WITH_LENDERS).toEqual(['processing', 'offers', 'offerChosen', 'noOffers']);
  });

  it('names the states of an identified application, which never lead back to the form', () => {
    expect([...IDENTIFIED_STATES].sort()).toEqual(
      ['identified', 'processing', 'offers', 'noOffers', 'offerChosen', 'signed', 'paid'].sort(),
    );
  });

  it('names the states a person can still go on from, and those in which an offer can be chosen', () => {
    expect(CONTINUABLE_STATES).toEqual([
      'draft',
      'identifying',
      'processing',
      'offers',
      'offerChosen',
      'signed',
      'identificationFailed',
      'noOffers',
    ]);
    expect(CHOOSABLE_STATES).toEqual(['offers', 'offerChosen']);
    expect(SIGNABLE_STATES).toEqual(['offerChosen']);
  });
});
