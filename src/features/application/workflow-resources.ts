import type { BackendModule, Resource } from 'i18next';
import type { Language } from '../../../domain/language.ts';

/**
 * The locale namespaces of the workflow. The first step's travel with the page; the later screens'
 * (`screens`, `offers` (the offers' words, shared with the account), and `common` for the words they share with the site) come with those screens.
 */
export const FIRST_STEP_NAMESPACES = ['validation', 'countries', 'form', 'workflow'] as const;
export const SCREEN_NAMESPACES = ['screens', 'offers', 'common', 'api'] as const;
/** the form's choice of lenders and who we are, loaded at the person's first move on the form */
export const LENDER_CHOICE_NAMESPACE = 'lenders';
export const WORKFLOW_NAMESPACES = [
  ...FIRST_STEP_NAMESPACES,
  ...SCREEN_NAMESPACES,
  'lenders',
  'requests',
  'consultant',
] as const;
/** Where a key not in the screen's own namespace is looked for: the step titles, then the site's words. */
export const WORKFLOW_FALLBACK_NAMESPACES = ['workflow', 'common'];

type Words = Readonly<Record<string, unknown>>;

const firstStepWords = import.meta.glob<{ default: Readonly<Record<string, Words>> }>('./first-step-words/*.ts');
const screenWords = import.meta.glob<{ default: Words }>(
  '../../../locales/*/{common,api,screens,offers,lenders,requests,consultant}.json',
);

async function loadFirstStepWords(lang: Language): Promise<Readonly<Record<string, Words>>> {
  const load = firstStepWords[`./first-step-words/${lang}.ts`];
  return load ? (await load()).default : {};
}

async function loadNamespace(lang: Language, ns: string): Promise<Words> {
  if ((FIRST_STEP_NAMESPACES as readonly string[]).includes(ns)) return (await loadFirstStepWords(lang))[ns] ?? {};
  const load = screenWords[`../../../locales/${lang}/${ns}.json`];
  return load ? (await load()).default : {};
}

/** The first step's namespaces in the page language, in one small chunk. */
export async function loadWorkflowResources(lang: Language): Promise<Resource> {
  return { [lang]: await loadFirstStepWords(lang) };
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
