import { intlLocale, type Language } from '../../domain/language.ts';

const cache = new Map<string, Intl.NumberFormat>();
function formatter(lang: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(intlLocale[lang], options);
    cache.set(key, found);
  }
  return found;
}

/** 12 000 € with cents only when there are any. */
export const formatEuro = (lang: Language, value: number): string =>
  formatter(lang, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);

/** Always with cents, for payments. */
export const formatEuroCents = (lang: Language, value: number): string =>
  formatter(lang, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

export const formatPercent = (lang: Language, percent: number): string =>
  formatter(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(percent / 100);

export const formatNumber = (lang: Language, value: number): string =>
  formatter(lang, { maximumFractionDigits: 2 }).format(value);

/** A file's size as people read it: "850 kB", "1,2 MB" (ru: "1,2 МБ"). */
export const formatFileSize = (lang: Language, bytes: number): string =>
  bytes < 1_000_000
    ? formatter(lang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1000))
    : formatter(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
