import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type {
  ApplicationStatus,
  Institution,
  StartIdentificationAnswer,
  SubmitApplicationAnswer,
  SubmitApplicationBody,
} from '../domain/api.ts';
import type { Language } from '../domain/language.ts';
import { wizardStepOf } from '../domain/application-lifecycle-step.ts';
import type { StepMeta, WorkflowStep } from '../domain/wizard-paths.ts';
import type {
  ApplicationContext,
  ApplicationEvent,
  ApplicationInput,
  IdentificationChoice,
} from './application-types.ts';
import { workflowErrorOf, type WorkflowError } from './workflow-error.ts';

export type * from './application-types.ts';

/**
 * The applicant's whole journey: apply, identify, wait, compare, choose, sign, paid.
 * Logic only: HTTP, storage, timers and leaving the page for a bank arrive as the actors, actions
 * and delays named below, provided by the site, a widget or a test.
 */

/** An actor the site, a widget or a test provides (`machine.provide`): HTTP lives outside the machine. */
const providedBySite = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the site`);
  });

const redirectUrlOf = (answer: StartIdentificationAnswer): string | null =>
  'redirectUrl' in answer ? answer.redirectUrl : null;

const OFFERS_PROMISE_MS = 60 * 60_000;

type StatusParam = ApplicationStatus | null;
/** What a STATUS event says, and an actor's failure as plain data: the params of the guards and actions below. */
const eventStatus = ({ event }: { event: { status: ApplicationStatus } }): ApplicationStatus => event.status;
const eventError = ({ event }: { event: { error: unknown } }): WorkflowError => workflowErrorOf(event.error);
const storeEventStatus = { type: 'storeStatus', params: eventStatus } as const;
const storeEventError = { type: 'storeError', params: eventError } as const;

/** The guard of a status that puts the wizard on `step` (wizardStepOf): the stored one, or the event's. */
const statusLeadsTo = (step: WorkflowStep) =>
  ({
    type: 'statusLeadsTo',
    params: ({ context }: { context: ApplicationContext }) => ({ status: context.status, step }),
  }) as const;
const eventStatusLeadsTo = (step: WorkflowStep) =>
  ({
    type: 'statusLeadsTo',
    params: ({ event }: { event: { status: ApplicationStatus } }) => ({ status: event.status, step }),
  }) as const;

export const applicationMachine = setup({
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
    input: {} as ApplicationInput,
    /** each state the applicant can see declares its screen and step (path): see StepMeta */
    meta: {} as StepMeta,
  },
  actors: {
    loadStatus: providedBySite<ApplicationStatus, { token: string }>('loadStatus'),
    submitApplication: providedBySite<SubmitApplicationAnswer, { body: SubmitApplicationBody; idempotencyKey: string }>(
      'submitApplication',
    ),
    loadInstitutions: providedBySite<Institution[], undefined>('loadInstitutions'),
    startIdentification: providedBySite<
      StartIdentificationAnswer,
      { token: string; language: Language; choice: IdentificationChoice }
    >('startIdentification'),
    chooseOffer: providedBySite<{ signUrl: string }, { token: string; offerId: string }>('chooseOffer'),
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
    /** the Smart-ID code to show, or the bank's page that was opened (to open again if a popup was blocked) */
    storeIdentification: assign((_, answer: StartIdentificationAnswer) => ({
      verificationCode: 'verificationCode' in answer ? answer.verificationCode : null,
      identificationUrl: redirectUrlOf(answer),
    })),
    /** the server's latest word on the application */
    storeStatus: assign({ status: (_, status: ApplicationStatus) => status }),
    /** an actor's failure, as plain data the screens translate */
    storeError: assign({ error: (_, error: WorkflowError) => error }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasFieldErrors: (_, error: WorkflowError) => Object.keys(error.fields ?? {}).length > 0,
    tokenRejected: (_, error: WorkflowError) => error.status === 404,
    isRedirect: (_, answer: StartIdentificationAnswer) => answer.method !== 'smartId',
    hasOffers: ({ context }) => (context.status?.offers.length ?? 0) > 0,
    /** the server's status puts the wizard on this step: the lifecycle's rule, domain/application-lifecycle-step.ts */
    statusLeadsTo: (_, { status, step }: { status: StatusParam; step: WorkflowStep }) =>
      status !== null && wizardStepOf(status) === step,
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
    startNotice:
      input.token === null && input.requestedStep && !input.requestedStep.startsWith('enteringEssence')
        ? 'noApplication'
        : null,
    replacesToken: null,
  }),
  initial: 'restoring',
  // a state without meta is on its way somewhere: the loading screen, the address unchanged
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
        onDone: { target: 'routing', actions: { type: 'storeStatus', params: ({ event }) => event.output } },
        onError: [
          // the entering-essence step forgets the token
          {
            guard: { type: 'tokenRejected', params: eventError },
            target: 'enteringEssence',
            actions: assign({
              startNotice: ({ event }) =>
                eventError({ event }).code === 'tokenRevoked' ? 'loggedOutEverywhere' : 'applicationNotFound',
            }),
          },
          { target: 'error', actions: storeEventError },
        ],
      },
    },

    /** each step of the server's status (wizardStepOf) to the state that shows it */
    routing: {
      always: [
        { guard: statusLeadsTo('choosingIdConfirmationMethodNoError'), target: 'choosingMethod' },
        { guard: statusLeadsTo('confirmingIdentity'), target: 'watching.confirmingIdentity' },
        {
          guard: statusLeadsTo('choosingIdConfirmationMethodWithError'),
          target: 'choosingMethod.identificationFailed',
        },
        { guard: statusLeadsTo('waiting'), target: 'watching.waiting' },
        { guard: statusLeadsTo('offers'), target: 'watching.offers' },
        { guard: statusLeadsTo('noOffers'), target: 'noOffers' },
        { guard: statusLeadsTo('offerChosen'), target: 'watching.offerChosen' },
        { guard: statusLeadsTo('signing'), target: 'watching.signing' },
        { guard: statusLeadsTo('paid'), target: 'paid' },
        // the error step (expired or error on the server): the application cannot go on
        { target: 'error', actions: assign({ error: { code: 'applicationEnded', status: null } }) },
      ],
    },

    enteringEssence: {
      initial: 'editing',
      entry: ['clearToken', assign({ token: null, status: null })],
      states: {
        editing: { meta: { screen: 'enteringEssence', step: 'enteringEssence' } },
        /** the server refused fields (shown beside them) */
        failed: { meta: { screen: 'enteringEssence', step: 'enteringEssence/failed' } },
        /** the submission did not get through: nothing typed is lost, the applicant tries again */
        error: { meta: { screen: 'enteringEssence', step: 'enteringEssence/error' } },
        submitting: {
          meta: { screen: 'enteringEssence', step: 'enteringEssence' },
          invoke: {
            id: 'submitApplication',
            src: 'submitApplication',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT');
              // an edit of the application sent before replaces it: one receipt, its links open the edit
              const body = context.replacesToken ? { ...event.body, replaces: context.replacesToken } : event.body;
              return { body, idempotencyKey: event.idempotencyKey };
            },
            onDone: {
              target: '#application.choosingMethod',
              actions: [
                assign({ token: ({ event }) => event.output.token, fieldErrors: {}, error: null, replacesToken: null }),
                { type: 'saveToken', params: ({ event }) => ({ token: event.output.token }) },
              ],
            },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: eventError },
                target: 'failed',
                actions: assign({ fieldErrors: ({ event }) => workflowErrorOf(event.error).fields ?? {} }),
              },
              { target: 'error', actions: storeEventError },
            ],
          },
        },
      },
      on: {
        SUBMIT: { target: '.submitting', actions: assign({ error: null, startNotice: null }) },
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
        noError: { meta: { screen: 'choosingMethod', step: 'choosingIdConfirmationMethodNoError' } },
        /** "Identification failed! Please try again." above the same choice */
        identificationFailed: { meta: { screen: 'choosingMethod', step: 'choosingIdConfirmationMethodWithError' } },
      },
      on: {
        CHOOSE_METHOD: { target: 'startingIdentification', actions: assign({ error: null }) },
        // the form forgets the token; the edit, once sent, replaces the application it names
        EDIT_APPLICATION: {
          target: 'enteringEssence',
          actions: assign({ replacesToken: ({ context }) => context.token }),
        },
      },
    },

    /** the method choice stays on screen, its button pending */
    startingIdentification: {
      meta: { screen: 'choosingMethod' },
      invoke: {
        id: 'startIdentification',
        src: 'startIdentification',
        input: ({ context, event }) => {
          assertEvent(event, 'CHOOSE_METHOD');
          return { token: context.token ?? '', language: context.language, choice: event.choice };
        },
        onDone: [
          {
            guard: { type: 'isRedirect', params: ({ event }) => event.output },
            target: 'watching.confirmingIdentity',
            actions: [
              { type: 'storeIdentification', params: ({ event }) => event.output },
              { type: 'openUrl', params: ({ event }) => ({ url: redirectUrlOf(event.output) ?? '' }) },
            ],
          },
          {
            target: 'watching.confirmingIdentity',
            actions: { type: 'storeIdentification', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'choosingMethod.identificationFailed', actions: storeEventError },
      },
    },

    /** the steps that follow the server's word as it changes, each STATUS stored unless a step moves on */
    watching: {
      // every way in names its step; the first in the journey's order stands as the initial one
      initial: 'confirmingIdentity',
      invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ token: context.token ?? '' }) },
      on: { STATUS: { actions: storeEventStatus } },
      states: {
        /** the Smart-ID code on screen, or back from the bank: waiting for the identification's end */
        confirmingIdentity: {
          meta: { screen: 'confirmingIdentity', step: 'confirmingIdentity' },
          after: { identificationTimeout: '#application.choosingMethod.identificationFailed' },
          on: {
            STATUS: [
              {
                guard: eventStatusLeadsTo('choosingIdConfirmationMethodWithError'),
                target: '#application.choosingMethod.identificationFailed',
                actions: storeEventStatus,
              },
              { guard: eventStatusLeadsTo('confirmingIdentity'), actions: storeEventStatus },
              { target: '#application.routing', actions: storeEventStatus },
            ],
            CHOOSE_ANOTHER_METHOD: '#application.choosingMethod',
          },
        },

        /** identified: lenders are answering; offers appear as they come */
        waiting: {
          meta: { screen: 'waiting', step: 'waiting' },
          after: {
            offersTimeout: [{ guard: 'hasOffers', target: 'offers' }, { target: '#application.noOffers' }],
          },
          on: {
            STATUS: [
              { guard: eventStatusLeadsTo('offers'), target: 'offers', actions: storeEventStatus },
              { guard: eventStatusLeadsTo('noOffers'), target: '#application.noOffers', actions: storeEventStatus },
            ],
            SHOW_OFFERS: { guard: 'hasOffers', target: 'offers' },
          },
        },

        /** late offers still arrive while the applicant compares */
        offers: {
          meta: { screen: 'offers', step: 'offers' },
          on: {
            CHOOSE_OFFER: {
              target: 'choosingOffer',
              actions: assign({ error: null, chosenOfferId: ({ event }) => event.offerId }),
            },
          },
        },

        choosingOffer: {
          meta: { screen: 'offers', step: 'offers' },
          invoke: {
            id: 'chooseOffer',
            src: 'chooseOffer',
            input: ({ context, event }) => {
              assertEvent(event, 'CHOOSE_OFFER');
              return { token: context.token ?? '', offerId: event.offerId };
            },
            onDone: {
              target: 'offerChosen',
              actions: assign({ signUrl: ({ event }) => event.output.signUrl, error: null }),
            },
            onError: { target: 'offers', actions: [storeEventError, assign({ chosenOfferId: null })] },
          },
        },

        /** the choice is made: the applicant goes to sign with that lender */
        offerChosen: {
          meta: { screen: 'offerChosen', step: 'offerChosen' },
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
              { guard: eventStatusLeadsTo('signing'), target: 'signing', actions: storeEventStatus },
              { guard: eventStatusLeadsTo('paid'), target: '#application.paid', actions: storeEventStatus },
            ],
          },
        },

        /** signing with the lender, online or by courier; the lender reports the payout */
        signing: {
          meta: { screen: 'signing', step: 'signing' },
          on: {
            STATUS: { guard: eventStatusLeadsTo('paid'), target: '#application.paid', actions: storeEventStatus },
          },
        },
      },
    },

    noOffers: { meta: { screen: 'noOffers', step: 'noOffers' }, on: { START_OVER: 'enteringEssence' } },

    /** the journey's end; a widget on a publisher's page, as the site, may start the next application from here */
    paid: { meta: { screen: 'paid', step: 'paid' }, on: { START_OVER: 'enteringEssence' } },

    /** "An error occurred": the applicant may try again from what the server knows */
    error: {
      meta: { screen: 'error', step: 'error' },
      on: { RETRY: { target: 'restoring', actions: assign({ error: null }) } },
    },
  },
});

export type ApplicationMachine = typeof applicationMachine;
export type ApplicationActor = ActorRefFrom<ApplicationMachine>;
export type ApplicationSnapshot = SnapshotFrom<ApplicationMachine>;
