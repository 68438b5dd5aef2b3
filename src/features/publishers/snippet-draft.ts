import { isLanguage, type Language } from '../../../domain/language.ts';
import { DEFAULT_AMOUNT, DEFAULT_TERM } from '../../../domain/loan-options.ts';
import { LOAN_PURPOSES, type LoanPurpose } from '../../../domain/loan-purposes.ts';
import {
  isWidgetKind,
  readWidgetOptions,
  type CTA_TARGETS,
  type WIDGET_THEMES,
  type WidgetKind,
  type WidgetOptionName,
  type WidgetOptions,
} from '../../../domain/widget-protocol/options.ts';

type CtaTarget = (typeof CTA_TARGETS)[number];
type Theme = (typeof WIDGET_THEMES)[number];
export type TextOption =
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

/** The generator's start: the calculator in the page's language, the default loan, nothing else set. */
export const initialDraft = (lang: Language): SnippetDraft => ({
  kind: 'calculator',
  lang,
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
});

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
