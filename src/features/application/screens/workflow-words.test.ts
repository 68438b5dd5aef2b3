import { describe, expect, it } from 'vitest';
import { IDENTIFICATION_FAILURES, LENDER_PROGRESS } from '../../../../domain/api.ts';
import { words } from './test-helpers.tsx';

const PLURAL_FORMS = { lv: ['zero', 'one', 'other'], ru: ['one', 'few', 'many', 'other'] } as const;
const PLURAL_KEYS = {
  waiting: ['answered', 'minutesLeft', 'offersHeading'],
  offers: ['lead', 'stillWaiting', 'newOffer'],
} as const;

describe.each(['lv', 'ru'] as const)('workflow words (%s)', (language) => {
  const { workflow, api } = words[language];

  it('name every identification failure and every lender state', () => {
    for (const failure of IDENTIFICATION_FAILURES) expect(workflow.failure[failure]).toBeTruthy();
    for (const progress of LENDER_PROGRESS) expect(workflow.waiting.progress[progress]).toBeTruthy();
  });

  it('have every plural form the language needs, with the count in each', () => {
    for (const [section, keys] of Object.entries(PLURAL_KEYS)) {
      const texts = workflow[section as keyof typeof PLURAL_KEYS] as unknown as Record<string, string>;
      for (const key of keys) {
        for (const form of PLURAL_FORMS[language]) {
          const text = texts[`${key}_${form}`];
          expect(text, `${section}.${key}_${form}`).toBeTruthy();
          // the list of new lenders names itself; every other plural says its number
          if (key !== 'newOffer') expect(text, `${section}.${key}_${form}`).toContain('{{count}}');
        }
      }
    }
  });

  it('say the client-side failures of the API client in words', () => {
    for (const code of ['network', 'parse', 'http'] as const) expect(api[code]).toBeTruthy();
  });

  it('contain no English: the titles the spec names are in the language', () => {
    expect(workflow.steps.error).toBe(language === 'lv' ? 'Radās kļūda' : 'Произошла ошибка');
    expect(workflow.confirming.title).toBe(language === 'lv' ? 'Lūdzu, uzgaidiet' : 'Пожалуйста, подождите');
    const values = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : Object.values(node as Record<string, unknown>).flatMap(values);
    for (const value of values(workflow)) {
      expect(value).not.toMatch(/\b(the|and|please|offer|offers|loading|wait|error|bank|choose|sign)\b/i);
    }
  });
});
