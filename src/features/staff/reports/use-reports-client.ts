import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import { createStaffReportsClient, type StaffReportsClient } from '../../../api/staff-reports-client.ts';

/** The reports' client, its refusals in the page's language of the moment. */
export function useReportsClient(): StaffReportsClient {
  const { i18n } = useTranslation();
  return useMemo(() => createStaffReportsClient(() => (i18n.language === 'ru' ? 'ru' : 'lv') as Language), [i18n]);
}

/** What came back for a query: its answer, or the refusal's words. */
export interface Result<A, Q> {
  readonly query: Q;
  readonly answer: A | null;
  readonly error: string | null;
}
