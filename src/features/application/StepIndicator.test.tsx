// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { WorkflowError } from '../../../machines/workflow-error.ts';
import lvWorkflow from '../../../locales/lv/workflow.json';
import ruWorkflow from '../../../locales/ru/workflow.json';
import { createTestActor, renderWithWorkflow, testStatus } from './test-support.tsx';
import { WorkflowApp } from './WorkflowApp.tsx';
import { StepIndicator } from './StepIndicator.tsx';

const WORDS = { lv: lvWorkflow, ru: ruWorkflow } as const;

describe.each(['lv', 'ru'] as const)('the step indicator (%s)', (language) => {
  const { journey } = WORDS[language];
  const stages = [journey.application, journey.identity, journey.offers, journey.signing];

  const indicator = () => screen.getByRole('navigation', { name: journey.label });
  const items = () => within(indicator()).getAllByRole('listitem');

  it('names the four stages in order and marks the current one on the form', async () => {
    renderWithWorkflow(<WorkflowApp />, { actor: createTestActor({ language }), language });
    await screen.findByRole('heading', { level: 1, name: WORDS[language].steps.enteringEssence });
    expect(items().map((item) => item.textContent)).toEqual(stages.map((name, index) => `${index + 1}${name}`));
    expect(items()[0]).toHaveAttribute('aria-current', 'step');
    expect(items().filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('on the offers the first two stages say they are done and the third is current', async () => {
    renderWithWorkflow(<WorkflowApp />, {
      actor: createTestActor({ language, status: testStatus('offers') }),
      language,
    });
    await screen.findByRole('heading', { level: 1, name: WORDS[language].steps.offers }, { timeout: 5000 });
    const [application, identity, offers, signing] = items();
    expect(application).toHaveTextContent(`${journey.application}, ${journey.done}`);
    expect(identity).toHaveTextContent(`${journey.identity}, ${journey.done}`);
    expect(offers).toHaveAttribute('aria-current', 'step');
    expect(offers).not.toHaveTextContent(journey.done);
    expect(signing).not.toHaveAttribute('aria-current');
  });

  it('keeps every stage’s name for screen readers: a narrow screen hides the others’ from sight only', () => {
    renderWithWorkflow(<StepIndicator screen="signing" />, { actor: createTestActor({ language }), language });
    expect(within(indicator()).getByRole('list').tagName).toBe('OL');
    expect(items()).toHaveLength(4);
    for (const [index, name] of stages.entries()) {
      const label = within(items()[index] as HTMLElement).getByText(name);
      expect(label).toHaveClass('step-indicator__name');
      expect(label.closest('[aria-hidden="true"]')).toBeNull();
      // the numbers are for sight; the name is what is said
      expect(items()[index]?.querySelector('.step-indicator__number')).toHaveAttribute('aria-hidden', 'true');
    }
    expect(items()[3]).toHaveAttribute('aria-current', 'step');
  });

  it('once paid, every stage is done and none is current', () => {
    renderWithWorkflow(<StepIndicator screen="paid" />, { actor: createTestActor({ language }), language });
    expect(items().every((item) => item.textContent?.endsWith(`, ${journey.done}`))).toBe(true);
    expect(items().some((item) => item.hasAttribute('aria-current'))).toBe(false);
  });
});

describe.each(['lv', 'ru'] as const)('the start, when a later step was asked for (%s)', (language) => {
  const words = WORDS[language];

  it('without an application in the browser: the form, with one sentence saying why', async () => {
    renderWithWorkflow(<WorkflowApp />, { actor: createTestActor({ language, requestedStep: 'offers' }), language });
    await screen.findByRole('heading', { level: 1, name: words.steps.enteringEssence });
    expect(screen.getByText(words.startNotice.noApplication).closest('[role="status"]')).not.toBeNull();
  });

  it('with an application the server no longer knows: the form, saying it was not found', async () => {
    // a saved token the server answers 404 for
    const actor = createTestActor({ language, token: 'T'.repeat(43), requestedStep: 'waiting' });
    renderWithWorkflow(<WorkflowApp />, { actor, language });
    await screen.findByRole('heading', { level: 1, name: words.steps.enteringEssence });
    expect(await screen.findByText(words.startNotice.applicationNotFound)).toBeInTheDocument();
  });

  it('with an application whose token "log out everywhere" replaced: the form, and the way to it through the account', async () => {
    const actor = createTestActor({
      language,
      token: 'T'.repeat(43),
      requestedStep: 'offers',
      actors: {
        loadStatus: fromPromise(async () => {
          throw { code: 'tokenRevoked', status: 404 } satisfies WorkflowError;
        }),
      },
    });
    renderWithWorkflow(<WorkflowApp />, { actor, language });
    await screen.findByRole('heading', { level: 1, name: words.steps.enteringEssence });
    expect(await screen.findByText(words.startNotice.loggedOutEverywhere)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.startNotice.toAccount })).toHaveAttribute(
      'href',
      language === 'lv' ? '/profils' : '/ru/profil',
    );
    expect(screen.queryByText(words.startNotice.applicationNotFound)).not.toBeInTheDocument();
  });

  it('opening the form itself says nothing', async () => {
    renderWithWorkflow(<WorkflowApp />, {
      actor: createTestActor({ language, requestedStep: 'enteringEssence' }),
      language,
    });
    await screen.findByRole('heading', { level: 1, name: words.steps.enteringEssence });
    expect(screen.queryByText(words.startNotice.noApplication)).not.toBeInTheDocument();
    expect(screen.queryByText(words.startNotice.applicationNotFound)).not.toBeInTheDocument();
  });
});
