import type { LenderProgress } from './api.ts';
import type { ApplicationState } from './application-lifecycle.ts';
import { isAnswered } from './lender-progress.ts';
import type { WorkflowStep } from './wizard-paths.ts';

/**
 * The wizard's step for each state of the application's lifecycle (domain/application-lifecycle.ts). The
 * application machine routes a loaded status and follows pushed ones by this rule alone.
 */
const STEP_OF_STATE: Readonly<Record<ApplicationState, WorkflowStep>> = {
  draft: 'choosingIdConfirmationMethodNoError',
  identifying: 'confirmingIdentity',
  identificationFailed: 'choosingIdConfirmationMethodWithError',
  identified: 'waiting',
  processing: 'waiting',
  // while lenders still answer, the offers in so far show on the waiting step; see wizardStepOf
  offers: 'offers',
  noOffers: 'noOffers',
  offerChosen: 'offerChosen',
  // signed, the person waits for the payout on the signing step
  signed: 'signing',
  paid: 'paid',
  // the application cannot go on
  expired: 'error',
  error: 'error',
};

/** What of a status the step depends on: its state, and its lenders' progress. */
export interface StatusForStep {
  readonly state: ApplicationState;
  readonly lenders: readonly { readonly progress: LenderProgress }[];
}

/** The step a status puts the wizard on: the offers' comparison once every lender has answered. */
export function wizardStepOf(status: StatusForStep): WorkflowStep {
  if (status.state === 'offers' && !status.lenders.every((lender) => isAnswered(lender.progress))) return 'waiting';
  return STEP_OF_STATE[status.state];
}
