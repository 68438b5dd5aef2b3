import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import type { ApplicationActor, ApplicationSnapshot } from '../../../../machines/application-machine.ts';
import type { Language } from '../../../../domain/language.ts';
import lvApi from '../../../../locales/lv/api.json';
import ruApi from '../../../../locales/ru/api.json';
import lvCommon from '../../../../locales/lv/common.json';
import ruCommon from '../../../../locales/ru/common.json';
import lvWorkflow from '../../../../locales/lv/workflow.json';
import ruWorkflow from '../../../../locales/ru/workflow.json';
import lvScreens from '../../../../locales/lv/screens.json';
import ruScreens from '../../../../locales/ru/screens.json';
import lvOffers from '../../../../locales/lv/offers.json';
import ruOffers from '../../../../locales/ru/offers.json';
import { createTestActor, renderWithWorkflow, type TestActorOptions } from '../test-support.tsx';
import type { WorkflowServices } from '../workflow-services.tsx';

/** The real locale files, for words a test reads back rather than spells out. */
export const words = {
  // the step titles (first step's namespace), the screens' own words and the offers', as the screens read them
  lv: { workflow: { ...lvWorkflow, ...lvScreens, offers: lvOffers }, api: lvApi, common: lvCommon },
  ru: { workflow: { ...ruWorkflow, ...ruScreens, offers: ruOffers }, api: ruApi, common: ruCommon },
} as const;

export const LANGUAGES: readonly Language[] = ['lv', 'ru'];

/** Renders a screen on the production machine with test actors, in `language`. */
export function renderScreen(
  ui: ReactNode,
  options: TestActorOptions & { language?: Language; services?: WorkflowServices } = {},
) {
  const language = options.language ?? 'lv';
  const actor = createTestActor({ ...options, language });
  // started here: renderWithWorkflow starts only an actor whose snapshot is not 'active', and an
  // actor that has not started yet already reports 'active'
  actor.start();
  const user = userEvent.setup();
  const result = renderWithWorkflow(ui, { actor, language, services: options.services });
  return { ...result, actor, user };
}

/** Waits (inside act) until the machine stands where the test expects it. */
export async function untilState(actor: ApplicationActor, matches: (snapshot: ApplicationSnapshot) => boolean) {
  await waitFor(() => expect(matches(actor.getSnapshot())).toBe(true));
}
