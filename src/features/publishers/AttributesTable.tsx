import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_AMOUNT,
  DEFAULT_TERM,
  MAX_AMOUNT,
  MAX_TERM_MONTHS,
  MIN_AMOUNT,
  MIN_TERM_MONTHS,
} from '../../../domain/loan-options.ts';
import { LOAN_PURPOSES } from '../../../domain/loan-purposes.ts';
import { TRACKING_OPTION_NAMES, type WidgetOptionName } from '../../../domain/widget-protocol/options.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { formatNumber } from '../../ui/format.ts';
import { Codes, useRich } from './rich.tsx';
import { attributeName } from './snippet.ts';

interface AttributeRow {
  readonly names: readonly string[];
  readonly meaning: ReactNode;
  readonly values: ReactNode;
}

const UTM_OPTION_NAMES = TRACKING_OPTION_NAMES.filter((name) => name !== 'clickId');

/** Every attribute of the snippet: its name, what it does, the values it takes. */
export function AttributesTable() {
  const { t } = useTranslation('publishers');
  const lang = useLanguage();
  const rich = useRich();
  const number = (value: number) => formatNumber(lang, value);
  const plainRow = (name: WidgetOptionName): AttributeRow => ({
    names: [attributeName(name)],
    meaning: rich(`attributes.${name}.meaning`),
    values: rich(`attributes.${name}.values`),
  });
  const attributeRows: AttributeRow[] = [
    {
      names: ['data-loan-widget'],
      meaning: rich('attributes.loanWidget.meaning'),
      values: rich('attributes.loanWidget.values'),
    },
    plainRow('lang'),
    {
      names: [attributeName('amount')],
      meaning: rich('attributes.amount.meaning'),
      values: rich('attributes.amount.values', {
        min: number(MIN_AMOUNT),
        max: number(MAX_AMOUNT),
        default: number(DEFAULT_AMOUNT),
      }),
    },
    {
      names: [attributeName('term')],
      meaning: rich('attributes.term.meaning'),
      values: rich('attributes.term.values', {
        min: number(MIN_TERM_MONTHS),
        max: number(MAX_TERM_MONTHS),
        default: number(DEFAULT_TERM),
      }),
    },
    {
      names: [attributeName('purpose')],
      meaning: rich('attributes.purpose.meaning'),
      values: (
        <ul className="publishers-page__values">
          {LOAN_PURPOSES.map((purpose) => (
            <li key={purpose}>
              <code>{purpose}</code> — {t(`purpose.${purpose}`, { ns: 'form' })}
            </li>
          ))}
        </ul>
      ),
    },
    plainRow('publisherId'),
    {
      names: UTM_OPTION_NAMES.map(attributeName),
      meaning: rich('attributes.utm.meaning'),
      values: rich('attributes.utm.values'),
    },
    plainRow('clickId'),
    plainRow('cta'),
    plainRow('mode'),
    plainRow('theme'),
    plainRow('textColor'),
    plainRow('accentColor'),
    plainRow('font'),
    plainRow('testMode'),
  ];

  return (
    <table>
      <caption className="visually-hidden">{t('attributes.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('attributes.name')}</th>
          <th scope="col">{t('attributes.meaning')}</th>
          <th scope="col">{t('attributes.values')}</th>
        </tr>
      </thead>
      <tbody>
        {attributeRows.map((row) => (
          <tr key={row.names.join()}>
            <th scope="row">
              <Codes names={row.names} />
            </th>
            <td>{row.meaning}</td>
            <td>{row.values}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
