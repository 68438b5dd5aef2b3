// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { ApplicationStatus } from '../../../../domain/api.ts';
import { deferred } from '../test-support.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { renderScreen, words } from './test-helpers.tsx';

const text = {
  lv: { title: 'Ielādējam jūsu pieteikumu' },
  ru: { title: 'Загружаем вашу заявку' },
} as const;

describe.each(['lv', 'ru'] as const)('LoadingScreen (%s)', (language) => {
  it('shows the step title and an indeterminate, labelled progress bar while the status loads', () => {
    const status = deferred<ApplicationStatus>();
    const { actor } = renderScreen(<LoadingScreen />, {
      language,
      token: 'T'.repeat(43),
      actors: { loadStatus: fromPromise(() => status.promise) },
    });
    expect(actor.getSnapshot().matches('loadingStatus')).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text[language].title);
    const progress = screen.getByRole('progressbar', { name: words[language].workflow.loading.progress });
    expect(progress).not.toHaveAttribute('aria-valuenow');
  });
});
