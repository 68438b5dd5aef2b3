import type { ApplicationValidation } from './application-validation.ts';

let loading: Promise<ApplicationValidation> | null = null;

/**
 * The form's validation, fetched once: nothing is judged before the person touches the form, so zod (16 kB of
 * gzip) is not part of the first step's download. A failed download is tried again at the next call.
 */
export function loadValidation(): Promise<ApplicationValidation> {
  loading ??= import('./application-validation.ts').then(
    (module) => module.applicationValidation,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
