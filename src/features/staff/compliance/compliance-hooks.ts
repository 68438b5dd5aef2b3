import { useCallback, useEffect, useMemo, useState } from 'react';
import './compliance.css';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import { rigaToday } from '../../../../domain/staff-compliance-api.ts';
import { createStaffComplianceClient, type StaffComplianceClient } from '../../../api/staff-compliance-client.ts';
import { intlLocale } from '../../../../domain/language.ts';
import { formatShortDate } from '../../../ui/format-date.ts';

export const NAMESPACE = 'staff-compliance';

/** The compliance client in the page's language, for errors in it. */
export function useComplianceClient(): StaffComplianceClient {
  const { i18n } = useTranslation(NAMESPACE);
  const language = i18n.language as Language;
  return useMemo(() => createStaffComplianceClient(language), [language]);
}

/** A refusal as a form shows it: the server's words, and each field's own. */
export interface FormError {
  readonly message: string;
  readonly fields: Readonly<Record<string, string>>;
}

export const formErrorOf = (caught: unknown, fallback: string): FormError => ({
  message: caught instanceof Error && caught.message ? caught.message : fallback,
  fields: (caught as { fields?: Readonly<Record<string, string>> }).fields ?? {},
});

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
      dateStyle: 'short',
      timeStyle: 'short',
    });
    return {
      day: (day: string) => formatShortDate(language, `${day}T12:00:00Z`),
      moment: (iso: string) => moment.format(new Date(iso)),
      today: rigaToday,
    };
  }, [language]);
}
