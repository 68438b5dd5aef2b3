import type { ApplicationStatus, IdentificationMethod, Institution, SubmitApplicationBody } from '../domain/api.ts';
import type { Language } from '../domain/language.ts';
import type { WorkflowStep } from '../domain/wizard-paths.ts';
import type { WorkflowError } from './workflow-error.ts';

export type { WorkflowError } from './workflow-error.ts';

/** The application machine's context, input and events (machines/application-machine.ts). */

export interface ApplicationContext {
  readonly language: Language;
  readonly token: string | null;
  /** the purpose a link preselected (`?type=`) */
  readonly preselectedPurpose: string | null;
  /** the amount and term the calculator's link carried */
  readonly preselectedAmount: number | null;
  readonly preselectedTerm: number | null;
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly error: WorkflowError | null;
  readonly institutions: readonly Institution[];
  readonly status: ApplicationStatus | null;
  readonly verificationCode: string | null;
  /** the bank's or eParaksts' page the identification opened, to open again if a popup was blocked */
  readonly identificationUrl: string | null;
  /** the offer the applicant chose, known before the server's next status says so */
  readonly chosenOfferId: string | null;
  readonly signUrl: string | null;
  /** why the person stands at the start though they asked for a later step: one sentence on the form */
  readonly startNotice: StartNotice | null;
  /** back on the form to edit the application sent before: its token, which the next submission replaces */
  readonly replacesToken: string | null;
}

/** A later step asked for without an application in this browser, or with one the server no longer knows. */
/** `loggedOutEverywhere`: the saved token was replaced when the person logged out everywhere; the account has it. */
export type StartNotice = 'noApplication' | 'applicationNotFound' | 'loggedOutEverywhere';

export interface ApplicationInput {
  readonly language: Language;
  /** the token saved in the browser, if any */
  readonly token: string | null;
  readonly preselectedPurpose?: string | null;
  readonly preselectedAmount?: number | null;
  readonly preselectedTerm?: number | null;
  /** the step the page's address asks for, if it names one */
  readonly requestedStep?: WorkflowStep | null;
}

export type IdentificationChoice =
  | { readonly method: 'bank'; readonly institutionId: string }
  | { readonly method: Exclude<IdentificationMethod, 'bank'> };

export type ApplicationEvent =
  | { type: 'SUBMIT'; body: SubmitApplicationBody; idempotencyKey: string }
  | { type: 'CHOOSE_METHOD'; choice: IdentificationChoice }
  | { type: 'CHOOSE_ANOTHER_METHOD' }
  | { type: 'EDIT_APPLICATION' }
  | { type: 'STATUS'; status: ApplicationStatus }
  | { type: 'SHOW_OFFERS' }
  | { type: 'CHOOSE_OFFER'; offerId: string }
  | { type: 'SIGN' }
  | { type: 'RETRY' }
  /** from a journey's end (paid, no offers): a new application, from the form */
  | { type: 'START_OVER' };
