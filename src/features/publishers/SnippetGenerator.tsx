import { useEffect, useId, useRef, useState } from 'react';
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
import { LOAN_PURPOSES, type LoanPurpose } from '../../../domain/loan-purposes.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { LiveAnnouncer } from '../../ui/LiveAnnouncer.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formatEuro, formatNumber } from '../../ui/format.ts';
import {
  CTA_TARGETS,
  isWidgetKind,
  OPTION_PARAMS,
  readWidgetOptions,
  TRACKING_OPTION_NAMES,
  WIDGET_KINDS,
  WIDGET_THEMES,
  type WidgetKind,
  type WidgetOptionName,
  type WidgetOptions,
} from '../../../domain/widget-protocol/options.ts';
import { embedSnippet, LOADER_URL, previewSrc } from './snippet.ts';
import './publishers.css';

type CtaTarget = (typeof CTA_TARGETS)[number];
type Theme = (typeof WIDGET_THEMES)[number];
type TextOption =
  'amount' | 'term' | 'publisherId' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'textColor' | 'accentColor' | 'font';

/** What the publisher has chosen and typed, before validation. */
export interface SnippetDraft {
  readonly kind: WidgetKind;
  readonly lang: Language;
  readonly amount: string;
  readonly term: string;
  /** empty: the visitor chooses the purpose */
  readonly purpose: LoanPurpose | '';
  readonly cta: CtaTarget;
  readonly applyOnly: boolean;
  readonly publisherId: string;
  readonly utmSource: string;
  readonly utmMedium: string;
  readonly utmCampaign: string;
  readonly theme: Theme;
  readonly textColor: string;
  readonly accentColor: string;
  readonly font: string;
  readonly testMode: boolean;
}

const NO_PURPOSE = 'none';
const UTM_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign'] as const;
const COLOUR_FIELDS = ['textColor', 'accentColor'] as const;
/** the preview reloads its frame once typing pauses, not on every key */
const PREVIEW_DELAY_MS = 400;
const COPY_STATUS_MS = 5000;

const textOrNothing = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
const digitsOrNothing = (value: string): string | undefined => textOrNothing(value.replace(/\s/g, ''));

/**
 * The draft as the widget's options, and the ones the contract refuses. Empty fields and defaults
 * the snippet need not repeat (the calculator's own button target, the full mode) are left out.
 */
export function readDraft(draft: SnippetDraft): { options: WidgetOptions; invalid: ReadonlySet<WidgetOptionName> } {
  const raw: Partial<Record<WidgetOptionName, string>> = {
    lang: draft.lang,
    amount: digitsOrNothing(draft.amount),
    term: digitsOrNothing(draft.term),
    purpose: draft.purpose === '' ? undefined : draft.purpose,
    publisherId: textOrNothing(draft.publisherId),
    utmSource: textOrNothing(draft.utmSource),
    utmMedium: textOrNothing(draft.utmMedium),
    utmCampaign: textOrNothing(draft.utmCampaign),
    cta: draft.kind === 'calculator' && draft.cta === 'site' ? 'site' : undefined,
    mode: draft.applyOnly ? 'applyOnly' : undefined,
    theme: draft.theme === 'inherit' ? 'inherit' : undefined,
    textColor: textOrNothing(draft.textColor),
    accentColor: textOrNothing(draft.accentColor),
    font: textOrNothing(draft.font),
    testMode: draft.testMode ? 'true' : undefined,
  };
  const { options } = readWidgetOptions(raw);
  const invalid = new Set(
    (Object.keys(raw) as WidgetOptionName[]).filter((name) => raw[name] !== undefined && options[name] === undefined),
  );
  return { options, invalid };
}

/**
 * The draft as the generator's controls hold it: a visitor may type or choose before the island
 * has hydrated, and hydration keeps what the controls show without telling the state. Each value
 * is taken only where the control can hold it.
 */
export function draftInControls(root: HTMLElement, draft: SnippetDraft): SnippetDraft {
  const next: Record<string, unknown> = { ...draft };
  for (const [key, value] of Object.entries(draft)) {
    const control = root.querySelector(`[name="${key}"]`);
    if (typeof value === 'boolean' && control instanceof HTMLInputElement && control.type === 'checkbox') {
      next[key] = control.checked;
    } else if (
      typeof value === 'string' &&
      (control instanceof HTMLInputElement || control instanceof HTMLSelectElement)
    ) {
      next[key] = control.value;
    }
  }
  const { kind, lang, purpose, cta, theme } = next;
  return {
    ...(next as unknown as SnippetDraft),
    kind: isWidgetKind(kind) ? kind : draft.kind,
    lang: isLanguage(lang) ? lang : draft.lang,
    purpose: LOAN_PURPOSES.find((candidate) => candidate === purpose) ?? '',
    cta: cta === 'site' ? 'site' : 'widget',
    theme: theme === 'inherit' ? 'inherit' : 'default',
  };
}

/** The value after a pause in its changes. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface CopyResult {
  readonly snippet: string;
  readonly ok: boolean;
}

/**
 * The publishers page's snippet generator: every option of the widget contract as a control, the
 * snippet to paste with a copy button, and the widget itself, framed from this origin, as preview.
 * `loaderUrl`: the loader on the server that serves the page (it writes its origin into the props).
 */
export function SnippetGenerator({ loaderUrl = LOADER_URL }: { loaderUrl?: string }) {
  const { t, i18n } = useTranslation(['publishers', 'form', 'common']);
  const pageLang: Language = isLanguage(i18n.language) ? i18n.language : 'lv';
  const [draft, setDraft] = useState<SnippetDraft>(() => ({
    kind: 'calculator',
    lang: pageLang,
    amount: String(DEFAULT_AMOUNT),
    term: String(DEFAULT_TERM),
    purpose: '',
    cta: 'widget',
    applyOnly: false,
    publisherId: '',
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    theme: 'default',
    textColor: '',
    accentColor: '',
    font: '',
    testMode: false,
  }));
  const rootRef = useRef<HTMLDivElement>(null);
  // what was typed or chosen before this island hydrated is in the controls, not in the state
  useEffect(() => {
    if (rootRef.current) setDraft((current) => draftInControls(rootRef.current as HTMLElement, current));
  }, []);
  const [copied, setCopied] = useState<CopyResult | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  const codeHeadingId = useId();

  const { options, invalid } = readDraft(draft);
  const snippet = embedSnippet(draft.kind, options, loaderUrl);
  const frameSrc = useSettled(previewSrc(draft.kind, options), PREVIEW_DELAY_MS);
  // the frame's title and size follow what it shows, not the choice it has yet to load
  const frameKind = WIDGET_KINDS.find((kind) => frameSrc.startsWith(previewSrc(kind, {}))) ?? draft.kind;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPY_STATUS_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const set = <K extends keyof SnippetDraft>(key: K, value: SnippetDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setText = (key: TextOption) => (value: string) => set(key, value);

  const range = (min: number, max: number) => ({ min: formatNumber(pageLang, min), max: formatNumber(pageLang, max) });
  /** the button target, the mode, the theme and test mode come from controls that offer only valid values */
  const errorOf = (name: Exclude<WidgetOptionName, 'cta' | 'mode' | 'theme' | 'testMode'>): string | undefined => {
    if (!invalid.has(name)) return undefined;
    if (name === 'amount') return t('generator.errors.amount', range(MIN_AMOUNT, MAX_AMOUNT));
    if (name === 'term') return t('generator.errors.term', range(MIN_TERM_MONTHS, MAX_TERM_MONTHS));
    if ((TRACKING_OPTION_NAMES as readonly string[]).includes(name)) return t('generator.errors.tracking');
    return t(`generator.errors.${name}`);
  };

  const copy = () => {
    const text = snippet;
    const done = (ok: boolean) => {
      setCopied({ snippet: text, ok });
      // without the clipboard, the code is selected for the visitor's own Ctrl+C
      if (!ok && codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
    };
    if (typeof navigator.clipboard?.writeText !== 'function') {
      done(false);
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => done(true),
      () => done(false),
    );
  };
  const copyStatus =
    copied && copied.snippet === snippet ? t(copied.ok ? 'generator.code.copied' : 'generator.code.copyFailed') : '';

  const kindLabel = (kind: WidgetKind) => t(`generator.kind.${kind}`);

  return (
    <div className="snippet-generator" ref={rootRef}>
      <div className="snippet-generator__settings">
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
              ...range(MIN_AMOUNT, MAX_AMOUNT),
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
              ...range(MIN_TERM_MONTHS, MAX_TERM_MONTHS),
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
      </div>
      <div className="snippet-generator__output">
        <h3 id={codeHeadingId}>{t('generator.code.heading')}</h3>
        <p className="snippet-generator__help">{t('generator.code.help')}</p>
        {invalid.size > 0 ? (
          <p className="snippet-generator__problems">{t('generator.invalidSummary', { count: invalid.size })}</p>
        ) : null}
        <pre className="code-block" aria-labelledby={codeHeadingId} role="region" data-testid="snippet">
          <code ref={codeRef}>{snippet}</code>
        </pre>
        <div className="snippet-generator__copy">
          <Button variant="secondary" onPress={copy}>
            {t('generator.code.copy')}
          </Button>
          <span className="snippet-generator__copy-status" aria-hidden="true">
            {copyStatus}
          </span>
          <LiveAnnouncer message={copyStatus} />
        </div>
      </div>
      <div className="snippet-generator__preview">
        <h3>{t('generator.preview.heading')}</h3>
        <p className="snippet-generator__help">{t('generator.preview.help')}</p>
        <iframe
          className={`snippet-generator__frame snippet-generator__frame--${frameKind}`}
          src={frameSrc}
          title={t('generator.preview.frameTitle', { kind: kindLabel(frameKind) })}
          loading="lazy"
        />
      </div>
    </div>
  );
}
