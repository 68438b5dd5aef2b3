import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type {
  ApplicationStatus,
  IdentificationMethod,
  Institution,
  StartIdentificationAnswer,
  SubmitApplicationAnswer,
  SubmitApplicationBody,
} from '../domain/api.ts';
import type { Language } from '../domain/language.ts';
import { isAnswered } from '../domain/lender-progress.ts';

/**
 * The applicant's whole journey: apply, identify, wait, compare, choose, sign, paid.
 * Logic only: HTTP, storage, timers and leaving the page for a bank arrive as the actors, actions
 * and delays named below, provided by the site, a widget or a test.
 */

/** What an actor's failure tells the machine: field errors of a 400, or a code the screens translate. */
export interface WorkflowError {
  readonly code: string;
  readonly status: number | null;
  readonly message?: string;
  readonly fields?: Readonly<Record<string, string>>;
}

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
}

export interface ApplicationInput {
  readonly language: Language;
  /** the token saved in the browser, if any */
  readonly token: string | null;
  readonly preselectedPurpose?: string | null;
  readonly preselectedAmount?: number | null;
  readonly preselectedTerm?: number | null;
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
  | { type: 'RETRY' };

const OFFERS_PROMISE_MS = 60 * 60_000;

type StatusParam = ApplicationStatus | null;
const statusOf = ({ context }: { context: ApplicationContext }): StatusParam => context.status;
const eventStatus = ({ event }: { event: ApplicationEvent }): StatusParam =>
  event.type === 'STATUS' ? event.status : null;

export const applicationMachine = setup({
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
    input: {} as ApplicationInput,
  },
  actors: {
    loadStatus: fromPromise<ApplicationStatus, { token: string }>(async () => {
      throw new Error('loadStatus is provided by the site');
    }),
    submitApplication: fromPromise<SubmitApplicationAnswer, { body: SubmitApplicationBody; idempotencyKey: string }>(
      async () => {
        throw new Error('submitApplication is provided by the site');
      },
    ),
    loadInstitutions: fromPromise<Institution[]>(async () => {
      throw new Error('loadInstitutions is provided by the site');
    }),
    startIdentification: fromPromise<
      StartIdentificationAnswer,
      { token: string; language: Language; choice: IdentificationChoice }
    >(async () => {
      throw new Error('startIdentification is provided by the site');
    }),
    chooseOffer: fromPromise<{ signUrl: string }, { token: string; offerId: string }>(async () => {
      throw new Error('chooseOffer is provided by the site');
    }),
    /** sends STATUS on every change: server-sent events, polling as fallback */
    watchStatus: fromCallback<ApplicationEvent, { token: string }>(() => () => undefined),
  },
  actions: {
    /** keep the token in the browser (spec: persistent storage `token`) */
    saveToken: (_, _params: { token: string }) => undefined,
    /** forget it: a new application starts on the entering-essence step */
    clearToken: () => undefined,
    /** leave for the bank, eParaksts or the lender's signing page */
    openUrl: (_, _params: { url: string }) => undefined,
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasFieldErrors: (_, error: WorkflowError) => error.fields !== undefined && Object.keys(error.fields).length > 0,
    tokenRejected: (_, error: WorkflowError) => error.status === 404,
    isRedirect: (_, answer: StartIdentificationAnswer) => answer.method !== 'smartId',
    hasOffers: ({ context }) => (context.status?.offers.length ?? 0) > 0,
    // the server's application states, in the order the journey goes
    statusDraft: (_, status: StatusParam) => status?.state === 'draft',
    statusIdentifying: (_, status: StatusParam) => status?.state === 'identifying',
    statusIdentificationFailed: (_, status: StatusParam) => status?.state === 'identificationFailed',
    statusProcessing: (_, status: StatusParam) => status?.state === 'identified' || status?.state === 'processing',
    statusOffersSettled: (_, status: StatusParam) =>
      status?.state === 'offers' && status.lenders.every((lender) => isAnswered(lender.progress)),
    statusOffersArriving: (_, status: StatusParam) => status?.state === 'offers',
    statusNoOffers: (_, status: StatusParam) => status?.state === 'noOffers',
    statusOfferChosen: (_, status: StatusParam) => status?.state === 'offerChosen',
    statusSigned: (_, status: StatusParam) => status?.state === 'signed',
    statusPaid: (_, status: StatusParam) => status?.state === 'paid',
  },
  delays: {
    /** Smart-ID sessions end within two minutes; a bank login may take longer */
    identificationTimeout: 10 * 60_000,
    /**
     * The promise: every offer and the decision within an hour of the identification, counted from
     * the server's clock of it, so a reload does not restart the hour.
     */
    offersTimeout: ({ context }) => {
      const identifiedAt = context.status?.identifiedAt ? Date.parse(context.status.identifiedAt) : Number.NaN;
      return Number.isNaN(identifiedAt)
        ? OFFERS_PROMISE_MS
        : Math.max(0, identifiedAt + OFFERS_PROMISE_MS - Date.now());
    },
  },
}).createMachine({
  id: 'application',
  context: ({ input }) => ({
    language: input.language,
    token: input.token,
    preselectedPurpose: input.preselectedPurpose ?? null,
    preselectedAmount: input.preselectedAmount ?? null,
    preselectedTerm: input.preselectedTerm ?? null,
    fieldErrors: {},
    error: null,
    institutions: [],
    status: null,
    verificationCode: null,
    identificationUrl: null,
    chosenOfferId: null,
    signUrl: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasToken', target: 'loadingStatus' }, { target: 'enteringEssence' }],
    },

    /** after a reload or a provider's redirect back: the server says where the applicant is */
    loadingStatus: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'routing', actions: assign({ status: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'tokenRejected', params: ({ event }) => event.error as WorkflowError },
            target: 'enteringEssence',
            actions: ['clearToken', assign({ token: null })],
          },
          { target: 'error', actions: assign({ error: ({ event }) => event.error as WorkflowError }) },
        ],
      },
    },

    routing: {
      always: [
        { guard: { type: 'statusDraft', params: statusOf }, target: 'choosingMethod' },
        {
          guard: { type: 'statusIdentifying', params: statusOf },
          target: 'confirmingIdentity',
        },
        {
          guard: { type: 'statusIdentificationFailed', params: statusOf },
          target: 'choosingMethod.identificationFailed',
        },
        { guard: { type: 'statusProcessing', params: statusOf }, target: 'waiting' },
        { guard: { type: 'statusOffersSettled', params: statusOf }, target: 'offers' },
        { guard: { type: 'statusOffersArriving', params: statusOf }, target: 'waiting' },
        { guard: { type: 'statusNoOffers', params: statusOf }, target: 'noOffers' },
        { guard: { type: 'statusOfferChosen', params: statusOf }, target: 'offerChosen' },
        { guard: { type: 'statusSigned', params: statusOf }, target: 'signing' },
        { guard: { type: 'statusPaid', params: statusOf }, target: 'paid' },
        // expired or error on the server: the application cannot go on
        { target: 'error', actions: assign({ error: { code: 'applicationEnded', status: null } }) },
      ],
    },

    enteringEssence: {
      initial: 'editing',
      entry: ['clearToken', assign({ token: null, status: null })],
      states: {
        editing: {},
        /** the server refused fields (shown beside them) */
        failed: {},
        /** the submission did not get through: nothing typed is lost, the applicant tries again */
        error: {},
        submitting: {
          invoke: {
            id: 'submitApplication',
            src: 'submitApplication',
            input: ({ event }) => {
              if (event.type !== 'SUBMIT') throw new Error('submitting starts with SUBMIT');
              return { body: event.body, idempotencyKey: event.idempotencyKey };
            },
            onDone: {
              target: '#application.choosingMethod',
              actions: [
                assign({ token: ({ event }) => event.output.token, fieldErrors: {}, error: null }),
                { type: 'saveToken', params: ({ event }) => ({ token: event.output.token }) },
              ],
            },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }) => event.error as WorkflowError },
                target: 'failed',
                actions: assign({ fieldErrors: ({ event }) => (event.error as WorkflowError).fields ?? {} }),
              },
              { target: 'error', actions: assign({ error: ({ event }) => event.error as WorkflowError }) },
            ],
          },
        },
      },
      on: {
        SUBMIT: { target: '.submitting', actions: assign({ error: null }) },
      },
    },

    choosingMethod: {
      initial: 'noError',
      invoke: {
        id: 'loadInstitutions',
        src: 'loadInstitutions',
        onDone: { actions: assign({ institutions: ({ event }) => event.output }) },
        // without the list the person can still use Smart-ID or e-signature
        onError: {},
      },
      states: {
        noError: {},
        /** "Identification failed! Please try again." above the same choice */
        identificationFailed: {},
      },
      on: {
        CHOOSE_METHOD: { target: 'startingIdentification', actions: assign({ error: null }) },
        EDIT_APPLICATION: 'enteringEssence',
      },
    },

    startingIdentification: {
      invoke: {
        id: 'startIdentification',
        src: 'startIdentification',
        input: ({ context, event }) => {
          if (event.type !== 'CHOOSE_METHOD') throw new Error('identification starts with CHOOSE_METHOD');
          return { token: context.token ?? '', language: context.language, choice: event.choice };
        },
        onDone: [
          {
            guard: { type: 'isRedirect', params: ({ event }) => event.output },
            target: 'confirmingIdentity',
            actions: [
              assign({
                verificationCode: null,
                identificationUrl: ({ event }) => ('redirectUrl' in event.output ? event.output.redirectUrl : null),
              }),
              {
                type: 'openUrl',
                params: ({ event }) => ({ url: 'redirectUrl' in event.output ? event.output.redirectUrl : '' }),
              },
            ],
          },
          {
            target: 'confirmingIdentity',
            actions: assign({
              verificationCode: ({ event }) =>
                'verificationCode' in event.output ? event.output.verificationCode : null,
              identificationUrl: null,
            }),
          },
        ],
        onError: {
          target: 'choosingMethod.identificationFailed',
          actions: assign({ error: ({ event }) => event.error as WorkflowError }),
        },
      },
    },

    /** the Smart-ID code on screen, or back from the bank: waiting for the identification's end */
    confirmingIdentity: {
      invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ token: context.token ?? '' }) },
      after: { identificationTimeout: 'choosingMethod.identificationFailed' },
      on: {
        STATUS: [
          {
            guard: { type: 'statusIdentificationFailed', params: eventStatus },
            target: 'choosingMethod.identificationFailed',
            actions: assign({ status: ({ event }) => event.status }),
          },
          {
            guard: { type: 'statusIdentifying', params: eventStatus },
            actions: assign({ status: ({ event }) => event.status }),
          },
          { target: 'routing', actions: assign({ status: ({ event }) => event.status }) },
        ],
        CHOOSE_ANOTHER_METHOD: 'choosingMethod',
      },
    },

    /** identified: lenders are answering; offers appear as they come */
    waiting: {
      invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ token: context.token ?? '' }) },
      after: {
        offersTimeout: [{ guard: 'hasOffers', target: 'offers' }, { target: 'noOffers' }],
      },
      on: {
        STATUS: [
          {
            guard: { type: 'statusOffersSettled', params: eventStatus },
            target: 'offers',
            actions: assign({ status: ({ event }) => event.status }),
          },
          {
            guard: { type: 'statusNoOffers', params: eventStatus },
            target: 'noOffers',
            actions: assign({ status: ({ event }) => event.status }),
          },
          { actions: assign({ status: ({ event }) => event.status }) },
        ],
        SHOW_OFFERS: { guard: 'hasOffers', target: 'offers' },
      },
    },

    noOffers: {},

    offers: {
      // late offers still arrive while the applicant compares
      invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ token: context.token ?? '' }) },
      on: {
        STATUS: { actions: assign({ status: ({ event }) => event.status }) },
        CHOOSE_OFFER: {
          target: 'choosingOffer',
          actions: assign({
            error: null,
            chosenOfferId: ({ event }) => (event.type === 'CHOOSE_OFFER' ? event.offerId : null),
          }),
        },
      },
    },

    choosingOffer: {
      invoke: {
        id: 'chooseOffer',
        src: 'chooseOffer',
        input: ({ context, event }) => {
          if (event.type !== 'CHOOSE_OFFER') throw new Error('choosing starts with CHOOSE_OFFER');
          return { token: context.token ?? '', offerId: event.offerId };
        },
        onDone: {
          target: 'offerChosen',
          actions: assign({ signUrl: ({ event }) => event.output.signUrl, error: null }),
        },
        onError: {
          target: 'offers',
          actions: assign({ error: ({ event }) => event.error as WorkflowError, chosenOfferId: null }),
        },
      },
    },

    /** the choice is made: the applicant goes to sign with that lender */
    offerChosen: {
      invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ token: context.token ?? '' }) },
      on: {
        SIGN: {
          target: 'signing',
          actions: {
            type: 'openUrl',
            params: ({ context }) => ({ url: context.signUrl ?? context.status?.signUrl ?? '' }),
          },
        },
        // back to the comparison: the choice can still change until the contract is signed
        SHOW_OFFERS: 'offers',
        STATUS: [
          {
            guard: { type: 'statusSigned', params: eventStatus },
            target: 'signing',
            actions: assign({ status: ({ event }) => event.status }),
          },
          {
            guard: { type: 'statusPaid', params: eventStatus },
            target: 'paid',
            actions: assign({ status: ({ event }) => event.status }),
          },
          { actions: assign({ status: ({ event }) => event.status }) },
        ],
      },
    },

    /** signing with the lender, online or by courier; the lender reports the payout */
    signing: {
      invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ token: context.token ?? '' }) },
      on: {
        STATUS: [
          {
            guard: { type: 'statusPaid', params: eventStatus },
            target: 'paid',
            actions: assign({ status: ({ event }) => event.status }),
          },
          { actions: assign({ status: ({ event }) => event.status }) },
        ],
      },
    },

    paid: { type: 'final' },

    /** "An error occurred": the applicant may try again from what the server knows */
    error: {
      on: { RETRY: { target: 'restoring', actions: assign({ error: null }) } },
    },
  },
});

export type ApplicationMachine = typeof applicationMachine;
export type ApplicationActor = ActorRefFrom<ApplicationMachine>;
export type ApplicationSnapshot = SnapshotFrom<ApplicationMachine>;
