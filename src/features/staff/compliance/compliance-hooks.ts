import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import './compliance.css';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import { rigaToday } from '../../../../domain/staff-compliance-api.ts';
import { createStaffComplianceClient, type StaffComplianceClient } from '../../../api/staff-compliance-client.ts';
import { intlLocale } from '../../../../domain/language.ts';
import { formatShortDate } from '../../../ui/format-date.ts';

export const NAMESPACE = 'staff-compliance';

/** A client given from outside (a component test's); without one, the pages make their own. */
export const ComplianceClientContext = createContext<StaffComplianceClient | null>(null);

/** The compliance client in the page's language, for errors in it. */
export function useComplianceClient(): StaffComplianceClient {
  const { i18n } = useTranslation(NAMESPACE);
  const given = useContext(ComplianceClientContext);
  const language = i18n.language as Language;
  return useMemo(() => given ?? createStaffComplianceClient(language), [given, language]);
}

/** A refusal as a form shows it: the server's words, and each field's own. */
export interface FormError {
  readonly message: string;
  readonly fields: Readonly<Record<string, string>>;
}

export const formErrorOf = (caught: unknown, fallback: string): FormError => {
  const { status, message, fields } = caught as {
    status?: number | null;
    message?: string;
    fields?: FormError['fields'];
  };
  // no answer from the server (network, an unreadable answer): the client's own words are English, the page's are not
  return { message: status && message ? message : fallback, fields: fields ?? {} };
};

/** A list loaded as the page opens and again on `reload`; a failure is shown, not thrown. */
export function useList<T>(load: () => Promise<T[]>) {
  const { t } = useTranslation(NAMESPACE);
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    load().then(
      (loaded) => {
        setItems(loaded);
        setError(null);
      },
      (caught: unknown) => setError(formErrorOf(caught, t('common.error')).message),
    );
  }, [load, t, version]);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { items, error, reload };
}

/** Dates and times as Riga's calendar and clock have them, whatever the staff's machine says. */
export function useRigaFormat() {
  const { i18n } = useTranslation(NAMESPACE);
  const language = i18n.language as Language;
  return useMemo(() => {
    const moment = new Intl.DateTimeFormat(intlLocale[language], {
      timeZone: 'Europe/Riga',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    return {
      day: (day: string) => formatShortDate(language, `${day}T12:00:00Z`),
      moment: (iso: string) => moment.format(new Date(iso)),
      today: rigaToday,
    };
  }, [language]);
}
