export const LANGUAGES = ['lv', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** BCP 47 locale for number and date formatting, and the Open Graph locale. */
export const intlLocale: Record<Language, string> = { lv: 'lv-LV', ru: 'ru-RU' };
export const ogLocale: Record<Language, string> = { lv: 'lv_LV', ru: 'ru_RU' };
export const otherLanguage = (lang: Language): Language => (lang === 'lv' ? 'ru' : 'lv');
