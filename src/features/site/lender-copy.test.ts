import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import lvCommon from '../../../locales/lv/common.json';
import ruCommon from '../../../locales/ru/common.json';
import { fillLenderCopy, fillLenderCopyDeep, lenderCopyValues } from './lender-copy.ts';

const resources = { lv: { common: lvCommon }, ru: { common: ruCommon } };
const lv = createI18n('lv', resources);
const ru = createI18n('ru', resources);

describe('the number of lenders in the copy', () => {
  it.each([
    [0, 'līdz pat 0 bankām un licencētiem aizdevējiem'],
    [1, 'līdz pat 1 bankai un licencētam aizdevējam'],
    [16, 'līdz pat 16 bankām un licencētiem aizdevējiem'],
    [21, 'līdz pat 21 bankai un licencētam aizdevējam'],
    [22, 'līdz pat 22 bankām un licencētiem aizdevējiem'],
  ])('lv, %i: the dative after "līdz" (zero/one/other)', (count, text) => {
    expect(fillLenderCopy('līdz pat {{lenders}}', lenderCopyValues(lv, count))).toBe(text);
  });

  it.each([
    [1, 'до 1 банка и лицензированного кредитора'],
    [3, 'до 3 банков и лицензированных кредиторов'],
    [16, 'до 16 банков и лицензированных кредиторов'],
    [21, 'до 21 банка и лицензированного кредитора'],
  ])('ru, %i: the genitive after "до" (one/few/many)', (count, text) => {
    expect(fillLenderCopy('до {{lenders}}', lenderCopyValues(ru, count))).toBe(text);
  });

  it('fills the bare figure and leaves every other placeholder to i18next', () => {
    const values = lenderCopyValues(lv, 16);
    expect(fillLenderCopy('ne vairāk kā {{lenderCount}}, {{rate}}', values)).toBe('ne vairāk kā 16, {{rate}}');
  });

  it('fills a whole content namespace, arrays and nested objects included, without changing the source', () => {
    const content = { a: ['līdz {{lenders}}', 'x'], b: { c: '{{lenderCount}}', d: 3 } };
    expect(fillLenderCopyDeep(content, lenderCopyValues(lv, 16))).toEqual({
      a: ['līdz 16 bankām un licencētiem aizdevējiem', 'x'],
      b: { c: '16', d: 3 },
    });
    expect(content.a[0]).toBe('līdz {{lenders}}');
  });
});
