import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Resource } from 'i18next';
import { createActor, fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import {
  applicationMachine,
  type ApplicationActor,
  type ApplicationEvent,
  type WorkflowError,
} from '../../../machines/application-machine.ts';
import type {
  ApplicationState,
  ApplicationStatus,
  Institution,
  StartIdentificationAnswer,
} from '../../../domain/api.ts';
import type { Language } from '../../../domain/language.ts';
import type { WorkflowStep } from '../../../domain/wizard-paths.ts';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { rankOffers } from '../../../domain/offer-ranking.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { WorkflowServicesProvider, type WorkflowServices } from './workflow-services.tsx';
import { WORKFLOW_FALLBACK_NAMESPACES, WORKFLOW_NAMESPACES } from './workflow-resources.ts';
import { WorkflowProvider } from './workflow-context.tsx';

/**
 * Rendering workflow screens in tests: the real machine and the real locale files, with the
 * machine's HTTP actors answered by the test.
 */

const localeFiles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function workflowResources(): Resource {
  const resources: Record<string, Record<string, unknown>> = { lv: {}, ru: {} };
  for (const lang of ['lv', 'ru'] as const) {
    for (const ns of WORKFLOW_NAMESPACES) {
      (resources[lang] as Record<string, unknown>)[ns] = localeFiles[`../../../locales/${lang}/${ns}.json`] ?? {};
    }
  }
  return resources as Resource;
}

export const TEST_TOKEN = 'T'.repeat(43);

export const testInstitutions: Institution[] = [
  {
    id: 'daugavas-banka',
    name: 'Daugavas Banka',
    logo: '/api/institutions/daugavas-banka/logo.svg',
    order: 1,
    featured: true,
  },
  {
    id: 'rigas-krajbanka',
    name: 'Rīgas Krājbanka',
    logo: '/api/institutions/rigas-krajbanka/logo.svg',
    order: 2,
    featured: true,
  },
  {
    id: 'vidzemes-banka',
    name: 'Vidzemes Banka',
    logo: '/api/institutions/vidzemes-banka/logo.svg',
    order: 3,
    featured: true,
  },
  {
    id: 'kurzemes-komercbanka',
    name: 'Kurzemes Komercbanka',
    logo: '/api/institutions/kurzemes-komercbanka/logo.svg',
    order: 4,
    featured: true,
  },
  {
    id: 'latgales-banka',
    name: 'Latgales Banka',
    logo: '/api/institutions/latgales-banka/logo.svg',
    order: 5,
    featured: false,
  },
  {
    id: 'zemgales-banka',
    name: 'Zemgales Banka',
    logo: '/api/institutions/zemgales-banka/logo.svg',
    order: 6,
    featured: false,
  },
];

export function testOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    lenderId: 'lender-a',
    lenderName: 'Lender A',
    lenderKind: 'bank',
    amount: 12000,
    term: 60,
    annualRate: 9.89,
    arrangementFee: 0,
    monthlyFee: 0,
    monthlyPayment: 254.32,
    totalPayable: 15259.2,
    totalCostOfCredit: 3259.2,
    apr: 10.36,
    validUntil: '2026-12-31T00:00:00.000Z',
    exceedsCostCap: false,
    lenderLogo: `/api/lenders/${overrides.lenderId ?? 'lender-a'}/logo.svg`,
    // testStatus ranks the offers as the server does; these stand for an offer outside a status
    matchesRequest: (overrides.amount ?? 12000) === 12000 && (overrides.term ?? 60) === 60,
    best: false,
    ...overrides,
  };
}

/** A status as the server sends it; `lenders` of 16 by default, `answered` of them done. */
export function testStatus(
  state: ApplicationState,
  {
    offers = [] as Offer[],
    answered = 16,
    lenderCount = 16,
    ...overrides
  }: Partial<ApplicationStatus> & {
    answered?: number;
    lenderCount?: number;
  } = {},
): ApplicationStatus {
  const offerLenders = new Set(offers.map((offer) => offer.lenderId));
  return {
    state,
    language: 'lv',
    firstName: 'Jānis',
    loan: { amount: 12000, term: 60, purpose: 'personalNeeds' },
    identification: { method: 'bank', state: 'succeeded', verificationCode: null, failure: null },
    lenders: Array.from({ length: lenderCount }, (_, index) => {
      const lenderId = offers[index]?.lenderId ?? `lender-${index}`;
      return {
        lenderId,
        name: offers[index]?.lenderName ?? `Lender ${index}`,
        kind: 'bank' as const,
        logo: `/api/lenders/${lenderId}/logo.svg`,
        declineReason: index >= answered || offerLenders.has(lenderId) ? null : ('income' as const),
        review: null,
        documentRequests: [],
        progress:
          index >= answered
            ? ('sent' as const)
            : offerLenders.has(lenderId)
              ? ('offer' as const)
              : ('declined' as const),
      };
    }),
    // ranked as the server ranks them, for the loan asked (12 000 € over 60 months unless a test says otherwise)
    offers: rankOffers(offers, overrides.loan ?? { amount: 12000, term: 60 }, Date.now()),
    chosenOfferId: null,
    signUrl: null,
    // a minute ago, by the clock of the moment (a test's fake clock included)
    identifiedAt: new Date(Date.now() - 60_000).toISOString(),
    updatedAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2026-12-22T10:00:00.000Z',
    ...overrides,
  };
}

/** A promise the test settles when it wants to. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: WorkflowError): void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: WorkflowError) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

export interface TestActorOptions {
  /** the step the page's address asked for */
  readonly requestedStep?: WorkflowStep | null;
  readonly language?: Language;
  /** a saved token: the machine loads its status first */
  readonly token?: string | null;
  /** what loadStatus answers for the saved token */
  readonly status?: ApplicationStatus;
  readonly preselectedPurpose?: string | null;
  /** replace any of the machine's actors (loosely typed: a test double need not restate their inputs) */
  readonly actors?: Partial<
    Record<
      'loadStatus' | 'submitApplication' | 'loadInstitutions' | 'startIdentification' | 'chooseOffer' | 'watchStatus',
      AnyActorLogic
    >
  >;
  /** URLs the machine opened (bank, eParaksts, the lender's signing page) */
  readonly opened?: string[];
  /** events sent by the watchStatus actor's test double are recorded here */
  readonly onWatch?: (sendBack: (event: ApplicationEvent) => void) => void;
}

/** The production machine with test answers: submission succeeds, Smart-ID shows code 1234. */
export function createTestActor(options: TestActorOptions = {}): ApplicationActor {
  const opened = options.opened ?? [];
  const machine = applicationMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => {
        if (options.status) return options.status;
        throw { code: 'notFound', status: 404 } satisfies WorkflowError;
      }),
      submitApplication: fromPromise(async () => ({ token: TEST_TOKEN, expiresAt: '2026-12-22T10:00:00.000Z' })),
      loadInstitutions: fromPromise(async () => testInstitutions),
      startIdentification: fromPromise(async (): Promise<StartIdentificationAnswer> => ({
        method: 'smartId',
        verificationCode: '1234',
      })),
      chooseOffer: fromPromise(async () => ({ signUrl: 'https://lender.example/sign/1' })),
      watchStatus: fromCallback(({ sendBack }) => {
        options.onWatch?.(sendBack);
        return () => undefined;
      }),
      ...(options.actors as object),
    },
    actions: {
      openUrl: (_, params: { url: string }) => {
        opened.push(params.url);
      },
    },
  });
  return createActor(machine, {
    input: {
      language: options.language ?? 'lv',
      token: options.token ?? (options.status ? TEST_TOKEN : null),
      preselectedPurpose: options.preselectedPurpose ?? null,
      requestedStep: options.requestedStep ?? null,
    },
  });
}

/** Renders `ui` with the workflow's i18n in `language` and the actor started. */
export function renderWithWorkflow(
  ui: ReactNode,
  {
    actor,
    language = 'lv',
    services,
  }: { actor: ApplicationActor; language?: Language; services?: WorkflowServices | undefined },
): RenderResult & { actor: ApplicationActor } {
  const i18n = createI18n(language, workflowResources(), { fallbackNS: WORKFLOW_FALLBACK_NAMESPACES });
  // a second start does nothing; an actor not yet started already reports 'active'
  actor.start();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <WorkflowProvider actor={actor}>
        {services ? <WorkflowServicesProvider services={services}>{ui}</WorkflowServicesProvider> : ui}
      </WorkflowProvider>
    </I18nextProvider>,
  );
  return Object.assign(result, { actor });
}
