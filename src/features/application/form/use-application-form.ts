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

/**
 * The state of the application form: the values, which fields were visited, the errors to show
 * (the schema's, once a field was left or the form submitted; the server's, beside the fields it
 * refused) and the submission to the machine.
 */
export function useApplicationForm() {
  const { t } = useTranslation('form');
  const send = useSend();
  const language = useWorkflow((s) => s.context.language);
  const preselectedPurpose = useWorkflow((s) => s.context.preselectedPurpose);
  const preselectedAmount = useWorkflow((s) => s.context.preselectedAmount);
  const preselectedTerm = useWorkflow((s) => s.context.preselectedTerm);
  const pending = useWorkflow((s) => s.matches({ enteringEssence: 'submitting' }));
  const failed = useWorkflow((s) => s.matches({ enteringEssence: 'failed' }));
  const serverErrors = useWorkflow((s) => s.context.fieldErrors);
  const sendError = useWorkflow((s) => (s.matches({ enteringEssence: 'error' }) ? s.context.error : null));

  const [values, setValues] = useState<FormValues>(() => {
    const storage = sessionStorageOrNull();
    return initialValues(
      { purpose: preselectedPurpose, amount: preselectedAmount, term: preselectedTerm },
      storage ? readApplicationDraft(storage) : null,
    );
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  /** submissions the form itself refused: each puts the focus on the error summary */
  const [refusedSubmits, setRefusedSubmits] = useState(0);

  useEffect(() => {
    const storage = sessionStorageOrNull();
    if (storage) writeApplicationDraft(storage, values);
  }, [values]);

  // the schema comes with the person's first move; until then nothing is judged, and a submission waits for it
  const [validation, setValidation] = useState<ApplicationValidation | null>(null);
  const [validationFailed, setValidationFailed] = useState(false);
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

  const assembled = useMemo(() => assembleApplication(values), [values]);
  const result = useMemo(() => validation?.schema.safeParse(assembled) ?? null, [validation, assembled]);
  const clientErrors = useMemo(
    () => (result === null || result.success || !validation ? {} : validation.fieldErrorKeys(result.error)),
    [validation, result],
  );

  const update = (change: (current: FormValues) => FormValues) => {
    // one submission at a time: nothing changes while it is on its way
    if (pending) return;
    setValues(change);
  };

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    update((current) => ({ ...current, [key]: value }));

  const setBirthPart = (part: 'birthYear' | 'birthMonth' | 'birthDay', value: string) =>
    update((current) => {
      const next = { ...current, [part]: value };
      return dayOptions(next.birthYear, next.birthMonth).includes(next.birthDay) ? next : { ...next, birthDay: '' };
    });

  const setIncomeDetail = (group: IncomeGroup, type: IncomeType, change: Partial<IncomeDetails>) =>
    update((current) => {
      const key = DETAILS_OF[group];
      return { ...current, [key]: { ...current[key], [type]: { ...current[key][type], ...change } } };
    });

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
    if (validation && result) return submitJudged(validation, result);
    // submitted before the schema came: judged as it stood when sent, as soon as it is here
    loadValidation().then(
      (loaded) => {
        setValidation(() => loaded);
        submitJudged(loaded, loaded.schema.safeParse(assembled));
      },
      () => setValidationFailed(true),
    );
  };

  /** Server messages with no field of the form to stand beside: they go above the button. */
  const unplacedServerErrors = failed
    ? Object.entries(serverErrors)
        .filter(([path]) => !isShownPath(values, path))
        .map(([, message]) => message)
    : [];

  /**
   * The error summary: shown after a submission the form refused while errors remain, or after one
   * the server refused; it takes the focus at each such submission (the server's answer is a new
   * object each time).
   */
  const summary = {
    open: (submitted && result !== null && !result.success) || failed,
    focusKey: failed ? serverErrors : refusedSubmits,
    messages: unplacedServerErrors,
    values,
  };

  /**
   * The words of a failed submission: the server's own, which come in the page's language, else
   * "could not send, try again" (no answer, or one that was not the API's).
   */
  const sendErrorText = validationFailed
    ? t('sendFailed')
    : sendError === null
      ? null
      : sendError.status !== null && sendError.message && !CLIENT_FAILURES.has(sendError.code)
        ? sendError.message
        : t('sendFailed');

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
    sendErrorText,
    /** true from the person's first move on the page: what waits for it (the lender choice) may come */
    firstMove,
  };
}

export type ApplicationForm = ReturnType<typeof useApplicationForm>;
