// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import {
  applicationMachine,
  type ApplicationEvent,
  type ApplicationInput,
} from '../../../machines/application-machine.ts';
import {
  allStateNodes,
  definedTransitions,
  DELAYS,
  EVENTS,
  modelSteps,
  offer,
  transitionKey,
} from '../../../machines/application-machine.test-model.ts';
import type { Language } from '../../../domain/language.ts';
import lvForm from '../../../locales/lv/form.json';
import ruForm from '../../../locales/ru/form.json';
import lvScreens from '../../../locales/lv/screens.json';
import ruScreens from '../../../locales/ru/screens.json';
import lvOffers from '../../../locales/lv/offers.json';
import ruOffers from '../../../locales/ru/offers.json';
import lvWorkflow from '../../../locales/lv/workflow.json';
import ruWorkflow from '../../../locales/ru/workflow.json';
import { writeApplicationDraft } from './form/application-draft.ts';
import { EMPTY_VALUES, emptyIncomeDetails, type FormValues } from './form/form-values.ts';
import { renderWithWorkflow } from './test-support.tsx';
import { WorkflowApp } from './WorkflowApp.tsx';
import { stepMetaOf } from '../../../machines/application-steps.ts';
import type { WorkflowScreen } from '../../../domain/wizard-paths.ts';

/**
 * Model-based tests of the wizard as the applicant meets it: xstate/graph walks the production
 * machine, and every step it finds is played on the real screens. The applicant's events are
 * clicks and typing on the screen that offers them; the server's answers, its pushed statuses and
 * the timers come from the test. After every step the screen of the expected state is the one on
 * the page, under its own heading. The suite measures what the screens made the machine do: every
 * state and every transition must have been reached through them.
 */

const WORDS = {
  lv: { form: lvForm, workflow: { ...lvWorkflow, ...lvScreens, offers: lvOffers } },
  ru: { form: ruForm, workflow: { ...ruWorkflow, ...ruScreens, offers: ruOffers } },
};

/** The heading each screen shows, in each language; the signing screen says so once the contract is signed. */
function headingOf(screenName: WorkflowScreen, lang: Language, signed: boolean): string {
  const { workflow } = WORDS[lang];
  if (screenName === 'signing' && signed) return workflow.signing.signedTitle;
  return screenName === 'confirmingIdentity' ? workflow.confirming.title : workflow.steps[screenName];
}

/** Every answer the form needs, except the two it never stores (typed by the test). */
const DRAFT: FormValues = {
  ...EMPTY_VALUES,
  amount: 12000,
  term: 60,
  incomeTypes: ['fullTimeJob'],
  incomeDetails: {
    ...emptyIncomeDetails(),
    fullTimeJob: { employmentDuration: 'over12Months', typeOfOtherIncome: '', timeUntilEndOrStart: '' },
  },
  firstname: 'Jānis',
  lastname: 'Bērziņš',
  loanPurpose: 'personalNeeds',
  email: 'janis@example.lv',
  phoneNumber: '+37120000000',
  hasSpouse: false,
  hasDependents: false,
  hasFinancialLiabilities: false,
  politicalyExposedPerson: false,
  acceptTerms: true,
  acceptDataSharing: true,
};

// A Smart-ID choice first: a bank needs the list loaded, Smart-ID never does.
const MODEL_EVENTS = [
  ...EVENTS.filter((event) => event.type === 'CHOOSE_METHOD' && event.choice.method === 'smartId'),
  ...EVENTS.filter((event) => !(event.type === 'CHOOSE_METHOD' && event.choice.method === 'smartId')),
];

type Outcome = { output?: unknown; error?: unknown };
const outcomeOf = (event: ApplicationEvent) => event as unknown as Outcome;

/** The applicant's events, done on the screen the way a person does them. False: the screen offers no way. */
async function drive(user: UserEvent, event: ApplicationEvent, lang: Language): Promise<boolean> {
  const { form, workflow } = WORDS[lang];
  const button = (name: string | RegExp) => screen.queryByRole('button', { name });
  const press = async (name: string | RegExp) => {
    const target = button(name);
    if (!target || target.hasAttribute('disabled') || target.getAttribute('aria-disabled') === 'true') return false;
    await user.click(target);
    return true;
  };
  switch (event.type) {
    case 'SUBMIT': {
      for (const [label, value] of [
        [form.personalId.label, '010180-15097'],
        [form.monthlyIncome.label, '1500'],
      ] as const) {
        const field = screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
        if (field.value === '') {
          await user.click(field);
          await user.paste(value);
        }
      }
      return press(form.submit);
    }
    case 'CHOOSE_METHOD':
      return press(event.choice.method === 'smartId' ? /Smart-ID/ : /Daugavas Banka/);
    case 'CHOOSE_ANOTHER_METHOD':
      return (await press(workflow.confirming.another)) || press(workflow.confirming.anotherMethod);
    case 'EDIT_APPLICATION':
      return press(new RegExp(workflow.method.edit));
    case 'SHOW_OFFERS':
      return (await press(workflow.waiting.showOffers)) || press(workflow.chosen.another);
    case 'CHOOSE_OFFER':
      return press(workflow.offers.chooseLabel.replace('{{lender}}', offer.lenderName));
    case 'SIGN':
      // named after the lender when the chosen offer is known, plainly when it is not
      return press(new RegExp(`^${workflow.chosen.signUnknown}`));
    case 'RETRY':
      return press(workflow.error.retry);
    case 'START_OVER':
      return press(workflow.startOver);
    default:
      throw new Error(`${event.type} is not the applicant's`);
  }
}

const USER_EVENTS = new Set([
  'SUBMIT',
  'CHOOSE_METHOD',
  'CHOOSE_ANOTHER_METHOD',
  'EDIT_APPLICATION',
  'SHOW_OFFERS',
  'CHOOSE_OFFER',
  'SIGN',
  'RETRY',
  'START_OVER',
]);

interface Controls {
  readonly pending: Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
  readonly watchers: Set<(event: ApplicationEvent) => void>;
}

/** The production machine with its HTTP actors answered by the test, and a record of what it did. */
function controlledActor(input: ApplicationInput, record: (inspection: InspectionEvent) => void) {
  const controls: Controls = { pending: new Map(), watchers: new Set() };
  const controlled = (id: string) =>
    fromPromise(() => new Promise((resolve, reject) => controls.pending.set(id, { resolve, reject })));
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        loadStatus: controlled('loadStatus') as never,
        submitApplication: controlled('submitApplication') as never,
        loadInstitutions: controlled('loadInstitutions') as never,
        startIdentification: controlled('startIdentification') as never,
        chooseOffer: controlled('chooseOffer') as never,
        watchStatus: fromCallback<ApplicationEvent, { token: string }>(({ sendBack }) => {
          controls.watchers.add(sendBack);
          return () => controls.watchers.delete(sendBack);
        }),
      },
      actions: { openUrl: () => undefined, saveToken: () => undefined, clearToken: () => undefined },
    }),
    { input, inspect: record },
  );
  return { actor, controls };
}

/** Server answers, pushes and timers: what the test does in the applicant's place. */
async function happen(event: ApplicationEvent, { pending, watchers }: Controls): Promise<boolean> {
  const type = event.type as string;
  if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
    const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
    const waiting = pending.get(id);
    if (!waiting) return false;
    pending.delete(id);
    await act(async () => {
      if (type.startsWith('xstate.done')) waiting.resolve(outcomeOf(event).output);
      else waiting.reject(outcomeOf(event).error);
      await vi.advanceTimersByTimeAsync(0);
    });
    return true;
  }
  if (type.startsWith('xstate.after.')) {
    await act(() => vi.advanceTimersByTimeAsync(DELAYS[type.split('.')[2] ?? ''] ?? 0));
    return true;
  }
  if (type === 'STATUS') {
    // the server pushes a status only to a page that watches
    if (watchers.size === 0) return false;
    await act(async () => {
      for (const watcher of watchers) watcher(event);
      await vi.advanceTimersByTimeAsync(0);
    });
    return true;
  }
  throw new Error(`${type} is not the server's`);
}

const coveredTransitions = new Set<string>();
const visitedStates = new Set<string>();
const seenScreens = new Set<string>();
/** the screens whose heading had the focus when the person arrived from another screen */
const focusedOnArrival = new Set<string>();
let plays = 0;

function recorder(transitions: Set<string>, states: Set<string>) {
  return (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.microstep') return;
    for (const transition of inspection._transitions) {
      transitions.add(transitionKey(transition));
      states.add(transition.source.id);
      for (const target of transition.target ?? []) states.add(target.id);
    }
  };
}

/** What one more event would make the machine do, found quickly without screens. */
async function preview(input: ApplicationInput, events: readonly ApplicationEvent[]) {
  const transitions = new Set<string>();
  const states = new Set<string>();
  let recording = false;
  const { actor, controls } = controlledActor(input, (inspection) => {
    if (recording) recorder(transitions, states)(inspection);
  });
  actor.subscribe((snapshot) => {
    if (recording) for (const node of snapshot._nodes) states.add(node.id);
  });
  actor.start();
  for (const [index, event] of events.entries()) {
    recording = index === events.length - 1;
    if (actor.getSnapshot().status !== 'active') break;
    if (USER_EVENTS.has(event.type)) actor.send(event);
    else await happen(event, controls);
    await vi.advanceTimersByTimeAsync(0);
  }
  actor.stop();
  return { transitions, states };
}

/** Plays a path on the real screens; false when a screen offered no way to take one of its steps. */
async function playOnScreens(
  input: ApplicationInput & { language: Language },
  events: readonly ApplicationEvent[],
  expected: readonly unknown[],
): Promise<boolean> {
  const transitions = new Set<string>();
  const states = new Set<string>();
  const { actor, controls } = controlledActor(input, recorder(transitions, states));
  actor.subscribe((snapshot) => {
    for (const node of snapshot._nodes) states.add(node.id);
  });
  window.sessionStorage.clear();
  writeApplicationDraft(window.sessionStorage, DRAFT);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const { unmount } = renderWithWorkflow(<WorkflowApp />, { actor, language: input.language });
  let lastShown: WorkflowScreen = 'loading';
  let realScreenShown = false;
  try {
    for (const [index, event] of events.entries()) {
      const done = USER_EVENTS.has(event.type)
        ? await drive(user, event, input.language)
        : await happen(event, controls);
      if (!done) return false;
      const value = expected[index];
      await vi.waitFor(() => expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(value));
      const shown = stepMetaOf(actor.getSnapshot()).screen;
      // the screen of that state, under its own heading (later screens load on demand)
      const heading = await screen.findByRole('heading', {
        level: 1,
        name: headingOf(shown, input.language, actor.getSnapshot().context.status?.state === 'signed'),
      });
      expect(heading.closest('[data-screen]')?.getAttribute('data-screen')).toBe(shown);
      // a new step takes the focus to its heading, so a screen reader starts there; the page's
      // first screen leaves the focus where the browser put it, and a moment of loading takes none
      if (shown !== lastShown && realScreenShown && shown !== 'loading') {
        await vi.waitFor(() => expect(document.activeElement, `focus on ${shown}`).toBe(heading));
        focusedOnArrival.add(shown);
      }
      if (shown !== 'loading') realScreenShown = true;
      lastShown = shown;
      seenScreens.add(shown);
    }
  } finally {
    unmount();
    actor.stop();
  }
  for (const key of transitions) coveredTransitions.add(key);
  for (const id of states) visitedStates.add(id);
  plays += 1;
  return true;
}

describe('the wizard, walked by the application machine’s model on its real screens', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => {
    window.sessionStorage.clear();
  });

  for (const input of [
    { language: 'lv', token: null },
    { language: 'ru', token: 'T'.repeat(43) },
  ] satisfies (ApplicationInput & { language: Language })[]) {
    it(`takes every step that adds coverage, ${input.token ? 'resuming a saved application (ru)' : 'from a fresh start (lv)'}`, async () => {
      for (const { events, expected } of modelSteps(MODEL_EVENTS, input)) {
        const { transitions: would, states: reaches } = await preview(input, events);
        // a step the screens already took, or one that changes nothing, is not played again
        const adds =
          [...would].some((transition) => !coveredTransitions.has(transition)) ||
          [...reaches].some((id) => !visitedStates.has(id));
        if (!adds) continue;
        await playOnScreens(input, events, expected);
      }
      // dozens of paths on real screens: minutes on a busy two-core machine, seconds on an idle one
    }, 240_000);
  }

  it('reached every state and took every transition the machine defines, through the screens', () => {
    const states = allStateNodes(applicationMachine.root).map((node) => node.id);
    expect(states.filter((id) => !visitedStates.has(id))).toEqual([]);
    const missing = [...definedTransitions()].filter((key) => !coveredTransitions.has(key));
    expect(missing).toEqual([]);
    expect([...seenScreens].sort()).toEqual(
      [
        'choosingMethod',
        'confirmingIdentity',
        'enteringEssence',
        'error',
        'loading',
        'noOffers',
        'offerChosen',
        'offers',
        'paid',
        'signing',
        'waiting',
      ].sort(),
    );
    // every screen but the loading one was also arrived at from another, and took the focus then
    expect([...focusedOnArrival].sort()).toEqual([...seenScreens].filter((name) => name !== 'loading').sort());
    console.log(`model on screens: ${plays} paths played`);
  });
});
