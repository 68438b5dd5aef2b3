// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { ApplicationStatus } from '../../../../domain/api.ts';
import { testStatus } from '../test-support.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';

const text = {
  lv: { title: 'Radās kļūda', retry: 'Mēģināt vēlreiz', newApplication: '/applicantWorkflow/enteringEssence' },
  ru: {
    title: 'Произошла ошибка',
    retry: 'Попробовать ещё раз',
    newApplication: '/ru/applicantWorkflow/enteringEssence',
  },
} as const;

describe.each(['lv', 'ru'] as const)('ErrorScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('for an ended application: the title, the reason, try again and a new application', async () => {
    const { actor } = renderScreen(<ErrorScreen />, { language, status: testStatus('expired') });
    await untilState(actor, (snapshot) => snapshot.matches('error'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(said.title);
    expect(screen.getByText(workflow.error.applicationEnded)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: said.retry })).toBeEnabled();
    expect(screen.getByRole('link', { name: workflow.error.newApplication })).toHaveAttribute(
      'href',
      said.newApplication,
    );
  });

  it('for a failure of the connection: its text; "try again" asks the server again and goes on', async () => {
    let calls = 0;
    const { actor, user } = renderScreen(<ErrorScreen />, {
      language,
      token: 'T'.repeat(43),
      actors: {
        loadStatus: fromPromise(async (): Promise<ApplicationStatus> => {
          calls += 1;
          if (calls === 1) throw { code: 'network', status: null };
          return testStatus('draft');
        }),
      },
    });
    await untilState(actor, (snapshot) => snapshot.matches('error'));
    expect(screen.getByText(words[language].api.network)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: said.retry }));
    await untilState(actor, (snapshot) => snapshot.matches('choosingMethod'));
    expect(calls).toBe(2);
  });

  it('for an unknown code: a general sentence, never the code itself', async () => {
    const { actor } = renderScreen(<ErrorScreen />, {
      language,
      token: 'T'.repeat(43),
      actors: {
        loadStatus: fromPromise(async (): Promise<ApplicationStatus> => {
          throw { code: 'somethingNew', status: 500 };
        }),
      },
    });
    await untilState(actor, (snapshot) => snapshot.matches('error'));
    expect(screen.getByText(workflow.error.unknown)).toBeInTheDocument();
    expect(screen.queryByText(/somethingNew/)).not.toBeInTheDocument();
  });
});
