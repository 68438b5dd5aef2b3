import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSnapshot, WorkflowError } from '../../../../machines/application-machine.ts';
import type { ApplicationStatus } from '../../../../domain/api.ts';
import { isLanguage, type Language } from '../../../../domain/language.ts';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';
import { formatEuro } from '../../../ui/format.ts';
import { useWorkflow } from '../workflow-context.tsx';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

/** The page's language: the one the words are in (numbers and dates follow it). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const machineLanguage = useWorkflow((snapshot) => snapshot.context.language);
  return isLanguage(i18n.language) ? i18n.language : machineLanguage;
}

export const homePath = (lang: Language): string => (lang === 'ru' ? '/ru' : '/');

export const useStatus = (): ApplicationStatus | null => useWorkflow((snapshot) => snapshot.context.status);

/**
 * The machine's error, but only one that arrived while this screen is on the page. The machine keeps the
 * last error in its context until an actor clears it, so an error of an earlier step (a failed start of an
 * identification, a retried network failure) may still be there when a later screen opens.
 */
export function useFreshError(): WorkflowError | null {
  const error = useWorkflow((snapshot) => snapshot.context.error);
  const [atArrival] = useState(error);
  return error !== atArrival ? error : null;
}

/** The words of an API error code in the page's language, or null for a code without words. */
export function useApiErrorText(): (error: WorkflowError | null) => string | null {
  const { t, i18n } = useTranslation(SCREEN_NAMESPACES);
  return (error) => (error && i18n.exists(error.code, { ns: 'api' }) ? t(error.code, { ns: 'api' }) : null);
}

/** The current time, renewed every `intervalMs` while `enabled`. */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}

/** The input a running invoked actor was started with (the choice being started, the offer being chosen). */
export function childInput<T>(snapshot: ApplicationSnapshot, id: string): T | null {
  const child = (snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>)[id];
  return (child?.getSnapshot().input as T | undefined) ?? null;
}

/** The offer the applicant chose: the server's word, else the one this page sent. */
export function chosenOffer(status: ApplicationStatus | null, sentOfferId: string | null): Offer | null {
  const id = status?.chosenOfferId ?? sentOfferId;
  return status?.offers.find((offer) => offer.id === id) ?? null;
}

/** "Hello, Jānis!" and the amount and term applied for, when the server's status is known. */
export function LoanSummary({ status }: { status: ApplicationStatus | null }) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  if (!status) return null;
  return (
    <div className="loan-summary">
      {status.firstName ? (
        <p className="loan-summary__greeting">{t('summary.greeting', { name: status.firstName })}</p>
      ) : null}
      <dl className="loan-summary__list">
        <div>
          <dt>{t('summary.amount')}</dt>
          <dd>{formatEuro(lang, status.loan.amount)}</dd>
        </div>
        <div>
          <dt>{t('summary.term')}</dt>
          <dd>{t('months', { ns: 'common', count: status.loan.term })}</dd>
        </div>
      </dl>
    </div>
  );
}
