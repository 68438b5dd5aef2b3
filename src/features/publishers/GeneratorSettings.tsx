import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '../../../domain/language.ts';
import {
  DEFAULT_AMOUNT,
  DEFAULT_TERM,
  MAX_AMOUNT,
  MAX_TERM_MONTHS,
  MIN_AMOUNT,
  MIN_TERM_MONTHS,
} from '../../../domain/loan-options.ts';
import { LOAN_PURPOSES } from '../../../domain/loan-purposes.ts';
import {
  CTA_TARGETS,
  isWidgetKind,
  OPTION_PARAMS,
  TRACKING_OPTION_NAMES,
  WIDGET_KINDS,
  WIDGET_THEMES,
  type WidgetKind,
  type WidgetOptionName,
} from '../../../domain/widget-protocol/options.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formatEuro, formatNumber } from '../../ui/format.ts';
import type { SnippetDraft, TextOption } from './snippet-draft.ts';

const NO_PURPOSE = 'none';
const UTM_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign'] as const;
const COLOUR_FIELDS = ['textColor', 'accentColor'] as const;

/** The options a publisher types or picks from a list that holds invalid values too. */
export type CheckedOption = Exclude<WidgetOptionName, 'cta' | 'mode' | 'theme' | 'testMode'>;

/** What each group of the generator's controls works with: the draft, its setter, and a field's error. */
export interface SettingsProps {
  readonly draft: SnippetDraft;
  readonly set: <K extends keyof SnippetDraft>(key: K, value: SnippetDraft[K]) => void;
  readonly errorOf: (name: CheckedOption) => string | undefined;
  readonly pageLang: Language;
}

const range = (lang: Language, min: number, max: number) => ({
  min: formatNumber(lang, min),
  max: formatNumber(lang, max),
});

/**
 * A field's error for the publisher: the contract's limits for the amount and the term. The button target, the
 * mode, the theme and test mode come from controls that offer only valid values.
 */
export function useOptionErrors(
  invalid: ReadonlySet<WidgetOptionName>,
  pageLang: Language,
): (name: CheckedOption) => string | undefined {
  const { t } = useTranslation(['publishers', 'form', 'common']);
  return (name) => {
    if (!invalid.has(name)) return undefined;
    if (name === 'amount') return t('generator.errors.amount', range(pageLang, MIN_AMOUNT, MAX_AMOUNT));
    if (name === 'term') return t('generator.errors.term', range(pageLang, MIN_TERM_MONTHS, MAX_TERM_MONTHS));
    if ((TRACKING_OPTION_NAMES as readonly string[]).includes(name)) return t('generator.errors.tracking');
    return t(`generator.errors.${name}`);
  };
}

export const useKindLabel = (): ((kind: WidgetKind) => string) => {
  const { t } = useTranslation(['publishers', 'form', 'common']);
  return (kind) => t(`generator.kind.${kind}`);
};

/** Which widget, in which language, for which loan, with which button target and mode. */
export function WidgetSettings({ draft, set, errorOf, pageLang }: SettingsProps) {
  const { t } = useTranslation(['publishers', 'form', 'common']);
  const kindLabel = useKindLabel();
  const setText = (key: TextOption) => (value: string) => set(key, value);
  return (
    <fieldset className="snippet-generator__group">
      <legend className="snippet-generator__legend">{t('generator.widgetGroup')}</legend>
      <Select
        label={t('generator.kind.label')}
        placeholder={t('generator.choose')}
        options={WIDGET_KINDS.map((kind) => ({ id: kind, label: kindLabel(kind) }))}
        value={draft.kind}
        onChange={(value) => isWidgetKind(value) && set('kind', value)}
        name="kind"
      />
      <Select
        label={t('generator.lang.label')}
        placeholder={t('generator.choose')}
        options={LANGUAGES.map((lang) => ({ id: lang, label: t(`generator.lang.${lang}`) }))}
        value={draft.lang}
        onChange={(value) => isLanguage(value) && set('lang', value)}
        error={errorOf('lang')}
        name="lang"
      />
      <TextField
        label={t('generator.amount.label')}
        description={t('generator.amount.description', {
          ...range(pageLang, MIN_AMOUNT, MAX_AMOUNT),
          default: formatEuro(pageLang, DEFAULT_AMOUNT),
        })}
        value={draft.amount}
        onChange={setText('amount')}
        error={errorOf('amount')}
        inputMode="numeric"
        suffix="€"
        maxLength={8}
        name="amount"
      />
      <TextField
        label={t('generator.term.label')}
        description={t('generator.term.description', {
          ...range(pageLang, MIN_TERM_MONTHS, MAX_TERM_MONTHS),
          default: t('months', { ns: 'common', count: DEFAULT_TERM }),
        })}
        value={draft.term}
        onChange={setText('term')}
        error={errorOf('term')}
        inputMode="numeric"
        maxLength={4}
        name="term"
      />
      <Select
        label={t('generator.purpose.label')}
        placeholder={t('generator.choose')}
        options={[
          { id: NO_PURPOSE, label: t('generator.purpose.none') },
          ...LOAN_PURPOSES.map((purpose) => ({ id: purpose, label: t(`purpose.${purpose}`, { ns: 'form' }) })),
        ]}
        value={draft.purpose === '' ? NO_PURPOSE : draft.purpose}
        onChange={(value) => {
          const purpose = LOAN_PURPOSES.find((candidate) => candidate === value);
          set('purpose', purpose ?? '');
        }}
        error={errorOf('purpose')}
        name="purpose"
      />
      {draft.kind === 'calculator' ? (
        <Select
          label={t('generator.cta.label')}
          placeholder={t('generator.choose')}
          options={CTA_TARGETS.map((target) => ({ id: target, label: t(`generator.cta.${target}`) }))}
          value={draft.cta}
          onChange={(value) => set('cta', value === 'site' ? 'site' : 'widget')}
          name="cta"
        />
      ) : null}
      <Checkbox
        isSelected={draft.applyOnly}
        onChange={(value) => set('applyOnly', value)}
        description={t('generator.applyOnly.description')}
        name="applyOnly"
      >
        {t('generator.applyOnly.label')}
      </Checkbox>
    </fieldset>
  );
}

/** The widget's look: its own or the host page's, colours, font; and test mode. */
export function AppearanceSettings({ draft, set, errorOf }: SettingsProps) {
  const { t } = useTranslation(['publishers', 'form', 'common']);
  const setText = (key: TextOption) => (value: string) => set(key, value);
  return (
    <fieldset className="snippet-generator__group">
      <legend className="snippet-generator__legend">{t('generator.appearanceGroup')}</legend>
      <Select
        label={t('generator.theme.label')}
        placeholder={t('generator.choose')}
        options={WIDGET_THEMES.map((theme) => ({ id: theme, label: t(`generator.theme.${theme}`) }))}
        value={draft.theme}
        onChange={(value) => set('theme', value === 'inherit' ? 'inherit' : 'default')}
        name="theme"
      />
      {COLOUR_FIELDS.map((name) => (
        <TextField
          key={name}
          label={t(`generator.${name}.label`)}
          description={t(`generator.${name}.description`)}
          value={draft[name]}
          onChange={setText(name)}
          error={errorOf(name)}
          autoComplete="off"
          maxLength={7}
          name={name}
        />
      ))}
      <TextField
        label={t('generator.font.label')}
        description={t('generator.font.description')}
        value={draft.font}
        onChange={setText('font')}
        error={errorOf('font')}
        autoComplete="off"
        name="font"
      />
      <Checkbox
        isSelected={draft.testMode}
        onChange={(value) => set('testMode', value)}
        description={t('generator.testMode.description')}
        name="testMode"
      >
        {t('generator.testMode.label')}
      </Checkbox>
    </fieldset>
  );
}

/** The publisher's id and the campaign's utm_* parameters. */
export function AttributionSettings({ draft, set, errorOf }: SettingsProps) {
  const { t } = useTranslation(['publishers', 'form', 'common']);
  const setText = (key: TextOption) => (value: string) => set(key, value);
  return (
    <fieldset className="snippet-generator__group">
      <legend className="snippet-generator__legend">{t('generator.attributionGroup')}</legend>
      <TextField
        label={t('generator.publisherId.label')}
        description={t('generator.publisherId.description')}
        value={draft.publisherId}
        onChange={setText('publisherId')}
        error={errorOf('publisherId')}
        autoComplete="off"
        name="publisherId"
      />
      <p className="snippet-generator__help">{t('generator.attributionHelp')}</p>
      {UTM_FIELDS.map((name) => (
        <TextField
          key={name}
          label={
            <>
              {t(`generator.${name}`)} (<code>{OPTION_PARAMS[name]}</code>)
            </>
          }
          value={draft[name]}
          onChange={setText(name)}
          error={errorOf(name)}
          autoComplete="off"
          name={name}
        />
      ))}
    </fieldset>
  );
}
