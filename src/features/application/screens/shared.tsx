import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSnapshot, WorkflowError } from '../../../../machines/application-machine.ts';
import type { ApplicationStatus } from '../../../../domain/api.ts';
import type { Language } from '../../../../domain/language.ts';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';
import { useWorkflow } from '../workflow-context.tsx';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

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
