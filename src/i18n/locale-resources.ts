import type { Resource } from 'i18next';
import type { Language } from '../../domain/language.ts';

/** Locale files as `import.meta.glob` gives them (the glob stays in each module: Vite needs it literal). */
export type LocaleFiles = Readonly<Record<string, () => Promise<{ default: Record<string, unknown> }>>>;

/** The namespaces' words in one language, each file its own small chunk. */
export async function loadLocaleResources(
  files: LocaleFiles,
  lang: Language,
  namespaces: readonly string[],
): Promise<Resource> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      const load = Object.entries(files).find(([path]) => path.endsWith(`/locales/${lang}/${ns}.json`))?.[1];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return { [lang]: Object.fromEntries(entries) };
}
