import type { BackendModule, Resource } from 'i18next';
import type { Language } from '../../../domain/language.ts';

/**
 * The locale namespaces of the workflow. The first step's travel with the page; the later screens'
 * (`screens`, and `common` for the words they share with the site) come with those screens.
 */
export const FIRST_STEP_NAMESPACES = ['validation', 'countries', 'form', 'workflow'] as const;
export const SCREEN_NAMESPACES = ['screens', 'common', 'api'] as const;
export const WORKFLOW_NAMESPACES = [...FIRST_STEP_NAMESPACES, 'screens', 'common', 'api'] as const;
/** Where a key not in the screen's own namespace is looked for: the step titles, then the site's words. */
export const WORKFLOW_FALLBACK_NAMESPACES = ['workflow', 'common'];

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../locales/*/{common,validation,api,countries,form,workflow,screens}.json',
);

async function loadNamespace(lang: Language, ns: string): Promise<Record<string, unknown>> {
  const load = localeFiles[`../../../locales/${lang}/${ns}.json`];
  return load ? (await load()).default : {};
}

/** The first step's namespaces in the page language, each its own small chunk. */
export async function loadWorkflowResources(lang: Language): Promise<Resource> {
  const entries = await Promise.all(
    FIRST_STEP_NAMESPACES.map(async (ns) => [ns, await loadNamespace(lang, ns)] as const),
  );
  return { [lang]: Object.fromEntries(entries) };
}

/** i18next's loader for the later namespaces: a screen that needs one suspends until it is here. */
export const workflowLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadNamespace(language as Language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
