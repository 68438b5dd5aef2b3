import { intlLocale, type Language } from '../../../domain/language.ts';

/** What a message says, before it is laid out as text or HTML. */
export interface MessageWords {
  readonly subject: string;
  readonly paragraphs: readonly string[];
  readonly button: string;
  /** the message's SMS, when it has one; the link is appended */
  readonly sms: string;
}

export interface FooterWords {
  readonly greeting: (firstName: string) => string;
  readonly why: string;
  readonly unsubscribe: string;
  readonly account: string;
  readonly linkNote: string;
  readonly company: string;
}

/** One form per plural category of the language (Intl.PluralRules: lv zero/one/other, ru one/few/many/other). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string };

const rules: Record<Language, Intl.PluralRules> = {
  lv: new Intl.PluralRules('lv'),
  ru: new Intl.PluralRules('ru'),
};

export const plural = (language: Language, count: number, forms: PluralForms): string =>
  `${count} ${forms[rules[language].select(count)] ?? forms.other}`;

/** The plural category alone, for words that stand before the number ("pēdējo 21 mēnesi", "последние 3 месяца"). */
export const pluralCategory = (language: Language, count: number): Intl.LDMLPluralRule => rules[language].select(count);

/** Money as the site writes it (src/ui/format.ts): "5000 €" / "5 000 €", no cents when whole. */
export const euros = (language: Language, amount: number): string =>
  new Intl.NumberFormat(intlLocale[language], {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

/** Riga's wall clock: "25.11.2026 14:30" in both languages. */
export const rigaTime = (iso: string): string => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Riga',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
};
