import { describe, expect, it } from 'vitest';
import type { ApplicationState, LenderProgress } from './api.ts';
import { wizardStepOf } from './application-lifecycle-step.ts';
import type { WorkflowStep } from './wizard-paths.ts';

const withLenders = (state: ApplicationState, progress: readonly LenderProgress[]) => ({
  state,
  lenders: progress.map((lenderProgress) => ({ progress: lenderProgress })),
});

/** The intended step of every state, with its lenders all answered and with one still out. */
// prettier-ignore
const INTENDED: readonly [ApplicationState, WorkflowStep, WorkflowStep][] = [
  // state                  all answered                             one lender still out
  ['draft',                 'choosingIdConfirmationMethodNoError',   'choosingIdConfirmationMethodNoError'],
  ['identifying',           'confirmingIdentity',                    'confirmingIdentity'],
  ['identificationFailed',  'choosingIdConfirmationMethodWithError', 'choosingIdConfirmationMethodWithError'],
  ['identified',            'waiting',                               'waiting'],
  ['processing',            'waiting',                               'waiting'],
  ['offers',                'offers',                                'waiting'],
  ['noOffers',              'noOffers',                              'noOffers'],
  ['offerChosen',           'offerChosen',                           'offerChosen'],
  ['signed',                'signing',                               'signing'],
  ['paid',                  'paid',                                  'paid'],
  ['expired',               'error',                                 'error'],
  ['error',                 'error',                                 'error'],
];

describe("the wizard's step of a status", () => {
  it.each(INTENDED)('%s: %s, or %s while a lender is still out', (state, answered, arriving) => {
    expect(wizardStepOf(withLenders(state, ['offer', 'declined', 'noAnswer']))).toBe(answered);
    expect(wizardStepOf(withLenders(state, ['offer', 'sent']))).toBe(arriving);
    expect(wizardStepOf(withLenders(state, ['offer', 'queued']))).toBe(arriving);
  });

  it('compares offers at once when no lender was asked', () => {
    expect(wizardStepOf(withLenders('offers', []))).toBe('offers');
  });
});
