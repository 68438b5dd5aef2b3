import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import { createStaffReportsClient, type StaffReportsClient } from '../../../api/staff-reports-client.ts';
import { messageOf } from '../staff-context.ts';

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

/**
 * The report for the query last asked for: each new query (even the same filters again, as a new object) asks
 * anew, and an answer to an older one that comes late is dropped. Pending from the asking to its answer or refusal.
 */
export function useReport<Q, A>(
  asked: Q,
  load: (client: StaffReportsClient, query: Q) => Promise<A>,
): { answer: A | null; error: string | null; pending: boolean } {
  const { t } = useTranslation('staff-reports');
  const client = useReportsClient();
  const [result, setResult] = useState<Result<A, Q> | null>(null);
  // the loader is the caller's choice of report, fixed for the component's life
  const [loader] = useState(() => load);
  useEffect(() => {
    let live = true;
    loader(client, asked).then(
      (answer) => live && setResult({ query: asked, answer, error: null }),
      (caught: unknown) =>
        live && setResult({ query: asked, answer: null, error: messageOf(caught, t('errors.generic')) }),
    );
    return () => {
      live = false;
    };
  }, [client, asked, loader, t]);
  return { answer: result?.answer ?? null, error: result?.error ?? null, pending: result?.query !== asked };
}
