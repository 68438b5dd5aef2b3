import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import { intlLocale } from '../../../../domain/language.ts';
import { createStaffConsultantClient, type StaffConsultantClient } from '../../../api/staff-consultant-client.ts';

/** A client given from outside (a component's test); the page itself makes its own. */
export const ConsultantClientContext = createContext<StaffConsultantClient | null>(null);

/** The consultant's client in the page's language, so refusals come in the words the consultant reads. */
export function useConsultantClient(): StaffConsultantClient {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const given = useContext(ConsultantClientContext);
  const own = useMemo(() => createStaffConsultantClient(language), [language]);
  return given ?? own;
}

const timeFormats = new Map<Language, Intl.DateTimeFormat>();

/** A moment as the staff read it: date and time in Riga, whatever the computer's own zone. */
export function rigaDateTime(language: Language, iso: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[language], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Riga',
    });
    timeFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

/** The address of an application's page within the calls section. */
export const applicationHash = (applicationId: string): string => `#calls/${applicationId}`;
