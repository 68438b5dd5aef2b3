import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomeType } from '../../../../domain/application-options.ts';
import type { SubmitApplicationBody } from '../../../../domain/api.ts';
import { dayOptions } from '../../../../domain/birth-date-options.ts';
import { useSend, useWorkflow } from '../workflow-context.tsx';
import { readApplicationDraft, writeApplicationDraft } from './application-draft.ts';
import type { ApplicationValidation } from './application-validation.ts';
import { loadValidation } from './load-validation.ts';
import { useFirstMove } from './use-first-move.ts';
import {
  assembleApplication,
  initialValues,
  isShownPath,
  valueAtPath,
  type FormValues,
  type IncomeDetails,
} from './form-values.ts';

/** Failures the browser's client names itself: their messages are not for the applicant. */
const CLIENT_FAILURES = new Set(['network', 'parse', 'http']);

/** sessionStorage, or null where the browser refuses it (or there is no browser). */
function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A fresh Idempotency-Key: 32 random hex digits. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

interface Sent {
  readonly json: string;
  readonly idempotencyKey: string;
  readonly assembled: Record<string, unknown>;
}

export type IncomeGroup = 'incomeTypes' | 'spouseIncomeTypes';
const DETAILS_OF = { incomeTypes: 'incomeDetails', spouseIncomeTypes: 'spouseIncomeDetails' } as const;

/** The machine's side of the form: the language, what the page preselected, and the submission's state. */
function useFormMachine() {
  return {
    send: useSend(),
    language: useWorkflow((s) => s.context.language),
    preselected: {
      purpose: useWorkflow((s) => s.context.preselectedPurpose),
      amount: useWorkflow((s) => s.context.preselectedAmount),
      term: useWorkflow((s) => s.context.preselectedTerm),
    },
    pending: useWorkflow((s) => s.matches({ enteringEssence: 'submitting' })),
    failed: useWorkflow((s) => s.matches({ enteringEssence: 'failed' })),
    serverErrors: useWorkflow((s) => s.context.fieldErrors),
    sendError: useWorkflow((s) => (s.matches({ enteringEssence: 'error' }) ? s.context.error : null)),
  };
}

/** The values, from what this tab's session kept (else the page's preselection), kept again at each change. */
function useStoredValues(preselected: Parameters<typeof initialValues>[0]) {
  const [values, setValues] = useState<FormValues>(() => {
    const storage = sessionStorageOrNull();
    return initialValues(preselected, storage ? readApplicationDraft(storage) : null);
  });
  useEffect(() => {
    const storage = sessionStorageOrNull();
    if (storage) writeApplicationDraft(storage, values);
  }, [values]);
  return [values, setValues] as const;
}

/** The schema comes with the person's first move; until then nothing is judged, and a submission waits for it. */
function useLazyValidation() {
  const [validation, setValidation] = useState<ApplicationValidation | null>(null);
  const firstMove = useFirstMove();
  useEffect(() => {
    if (!firstMove) return;
    let current = true;
    // a failure here is tried again by the submission, which says so if it fails too
    loadValidation().then(
      (loaded) => current && setValidation(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [firstMove]);
  return { validation, setValidation, firstMove };
}

/** A birth date's part changed: the day stays only if the month (in that year) has it. */
const withBirthPart = (current: FormValues, part: 'birthYear' | 'birthMonth' | 'birthDay', value: string) => {
  const next = { ...current, [part]: value };
  return dayOptions(next.birthYear, next.birthMonth).includes(next.birthDay) ? next : { ...next, birthDay: '' };
};

const withIncomeDetail = (
  current: FormValues,
  group: IncomeGroup,
  type: IncomeType,
  change: Partial<IncomeDetails>,
) => {
  const key = DETAILS_OF[group];
  return { ...current, [key]: { ...current[key], [type]: { ...current[key][type], ...change } } };
};

/**
 * The words of a failed submission: the server's own, which come in the page's language, else
 * "could not send, try again" (no answer, or one that was not the API's).
 */
function sendErrorTextOf(
  validationFailed: boolean,
  sendError: ReturnType<typeof useFormMachine>['sendError'],
  sendFailed: string,
): string | null {
  if (validationFailed) return sendFailed;
  if (sendError === null) return null;
  return sendError.status !== null && sendError.message && !CLIENT_FAILURES.has(sendError.code)
    ? sendError.message
    : sendFailed;
}

/**
 * The submission: judged by the schema (loaded first if it has not come yet), then sent to the machine with
 * an Idempotency-Key that stays the same for the same application sent again.
 */
function useSubmission(
  machine: ReturnType<typeof useFormMachine>,
  lazy: ReturnType<typeof useLazyValidation>,
  assembled: Record<string, unknown>,
  result: ReturnType<ApplicationValidation['schema']['safeParse']> | null,
) {
  const { send, language, pending } = machine;
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  /** submissions the form itself refused: each puts the focus on the error summary */
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  const [validationFailed, setValidationFailed] = useState(false);

  const submitJudged = (
    { readTracking }: ApplicationValidation,
    result: ReturnType<ApplicationValidation['schema']['safeParse']>,
  ) => {
    setSubmitted(true);
    if (!result.success) {
      setRefusedSubmits((count) => count + 1);
      return;
    }
    const storage = sessionStorageOrNull();
    const tracking = storage ? readTracking(storage) : {};
    const body: SubmitApplicationBody = {
      language,
      application: result.data,
      ...(Object.keys(tracking).length > 0 ? { tracking } : {}),
    };
    const json = JSON.stringify(body);
    // the same application again after an error: the same key, so the server never takes it twice
    const idempotencyKey = sent?.json === json ? sent.idempotencyKey : newIdempotencyKey();
    setSent({ json, idempotencyKey, assembled });
    send({ type: 'SUBMIT', body, idempotencyKey });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setValidationFailed(false);
    if (lazy.validation && result) return submitJudged(lazy.validation, result);
    // submitted before the schema came: judged as it stood when sent, as soon as it is here
    loadValidation().then(
      (loaded) => {
        lazy.setValidation(() => loaded);
        submitJudged(loaded, loaded.schema.safeParse(assembled));
      },
      () => setValidationFailed(true),
    );
  };
  return { submit, submitted, sent, refusedSubmits, validationFailed };
}

/**
 * The state of the application form: the values, which fields were visited, the errors to show
 * (the schema's, once a field was left or the form submitted; the server's, beside the fields it
 * refused) and the submission to the machine.
 */
export function useApplicationForm() {
  const { t } = useTranslation('form');
  const machine = useFormMachine();
  const { language, pending, failed, serverErrors } = machine;
  const [values, setValues] = useStoredValues(machine.preselected);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const lazy = useLazyValidation();
  const { validation, firstMove } = lazy;

  const assembled = useMemo(() => assembleApplication(values), [values]);
  const result = useMemo(() => validation?.schema.safeParse(assembled) ?? null, [validation, assembled]);
  const clientErrors = useMemo(
    () => (result === null || result.success || !validation ? {} : validation.fieldErrorKeys(result.error)),
    [validation, result],
  );
  const { submit, submitted, sent, refusedSubmits, validationFailed } = useSubmission(machine, lazy, assembled, result);

  const update = (change: (current: FormValues) => FormValues) => {
    // one submission at a time: nothing changes while it is on its way
    if (pending) return;
    setValues(change);
  };

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    update((current) => ({ ...current, [key]: value }));
  const setBirthPart = (part: 'birthYear' | 'birthMonth' | 'birthDay', value: string) =>
    update((current) => withBirthPart(current, part, value));
  const setIncomeDetail = (group: IncomeGroup, type: IncomeType, change: Partial<IncomeDetails>) =>
    update((current) => withIncomeDetail(current, group, type, change));

  const touch = (key: string) => setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));

  /** The server's message for a field, while the field still holds what was sent. */
  const serverError = (path: string): string | undefined => {
    const message = failed ? serverErrors[path] : undefined;
    if (message === undefined || sent === null) return message;
    const now = JSON.stringify(valueAtPath(assembled, path));
    return now === JSON.stringify(valueAtPath(sent.assembled, path)) ? message : undefined;
  };

  /** The error to show beside a field: `path` in the application, `key` the field's stable name. */
  const errorFor = (path: string, key: string = path): string | undefined => {
    const clientKey = clientErrors[path];
    if (clientKey !== undefined && (submitted || touched.has(key))) return t(clientKey, { ns: 'validation' });
    return serverError(path);
  };

  /** What a field of the form needs to show its error and to say it was left. */
  const bind = (path: string, key: string = path) => ({
    error: errorFor(path, key),
    onBlur: () => touch(key),
    'data-field': key,
  });

  /** What the control of one value of the form needs: the value, its change, and what `bind` gives. */
  const control = <K extends keyof FormValues>(key: K) => ({
    value: values[key],
    onChange: (value: FormValues[K]) => set(key, value),
    ...bind(key),
  });

  /**
   * The error summary: shown after a submission the form refused while errors remain, or after one
   * the server refused; it takes the focus at each such submission (the server's answer is a new
   * object each time). Server messages with no field of the form to stand beside go in it, above the button.
   */
  const summary = {
    open: (submitted && result !== null && !result.success) || failed,
    focusKey: failed ? serverErrors : refusedSubmits,
    messages: failed
      ? Object.entries(serverErrors)
          .filter(([path]) => !isShownPath(values, path))
          .map(([, message]) => message)
      : [],
    values,
  };

  return {
    language,
    values,
    set,
    setBirthPart,
    setIncomeDetail,
    touch,
    bind,
    control,
    errorFor,
    submit,
    pending,
    failed,
    summary,
    sendErrorText: sendErrorTextOf(validationFailed, machine.sendError, t('sendFailed')),
    /** true from the person's first move on the page: what waits for it (the lender choice) may come */
    firstMove,
  };
}

export type ApplicationForm = ReturnType<typeof useApplicationForm>;
