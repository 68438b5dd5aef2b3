import type { Resource } from 'i18next';
import type { Language } from '../../domain/language.ts';

/** The locale namespaces the workflow reads; only these travel to the browser on its pages. */
export const WORKFLOW_NAMESPACES = ['common', 'validation', 'api', 'countries', 'form', 'workflow'] as const;

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../locales/*/{common,validation,api,countries,form,workflow}.json',
);

/** The page language's namespaces, each its own small chunk. */
export async function loadWorkflowResources(lang: Language): Promise<Resource> {
  const entries = await Promise.all(
    WORKFLOW_NAMESPACES.map(async (ns) => {
      const load = localeFiles[`../../../locales/${lang}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return { [lang]: Object.fromEntries(entries) };
}
