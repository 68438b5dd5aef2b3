import { useEffect, useId, useMemo, useRef } from 'react';
import { createDocumentsClient, type DocumentsClient } from '../../../api/documents-client.ts';
import { useTranslation } from 'react-i18next';
import type { LenderStatus } from '../../../../domain/api.ts';
import type { DocumentRequest } from '../../../../domain/documents.ts';
import { formatDate } from '../../../ui/format-date.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useWorkflow } from '../workflow-context.tsx';
import { useWorkflowServices } from '../workflow-services.tsx';
import { documentRequestFragment } from '../../../../domain/wizard-paths.ts';
import { DocumentItemAnswer } from './DocumentItemAnswer.tsx';
import './documents.css';

/** Every request of the lenders that asked, each a card; the page's anchor for a message's link. */
export function RequestList({ lenders }: { lenders: readonly LenderStatus[] }) {
  const listRef = useRef<HTMLDivElement>(null);
  const target = useWorkflowServices()?.documentsTarget ?? null;
  const lang = useLanguage();
  // a message's link, the account or a widget's tab opened the page at a request: bring it into view, focused
  useEffect(() => {
    if (!target) return;
    const card = listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(documentRequestFragment(lang, target))}`);
    card?.scrollIntoView({ block: 'start' });
    card?.querySelector<HTMLElement>('h2')?.focus();
  }, [target, lang]);
  return (
    <div className="document-requests" ref={listRef}>
      {lenders.flatMap((lender) =>
        lender.documentRequests.map((request) => (
          <RequestCard key={request.id} lenderName={lender.name} request={request} />
        )),
      )}
    </div>
  );
}

/**
 * The documents client the workflow was given, else the broker's own: made here, in the chunk that comes only when a
 * lender asks, so the form's first download never carries it.
 */
function useDocumentsClient(): DocumentsClient {
  const given = useWorkflowServices()?.documents;
  const lang = useLanguage();
  return useMemo(() => given ?? createDocumentsClient({ language: () => lang }), [given, lang]);
}

function RequestCard({ lenderName, request }: { lenderName: string; request: DocumentRequest }) {
  const { t } = useTranslation('requests');
  const lang = useLanguage();
  const headingId = useId();
  const token = useWorkflow((snapshot) => snapshot.context.token);
  const client = useDocumentsClient();
  const open = request.state === 'open';
  return (
    <section
      className={`document-request document-request--${request.state}`}
      id={documentRequestFragment(lang, request.id)}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} tabIndex={-1}>
        {t('heading', { lender: lenderName })}
      </h2>
      {open ? (
        <>
          <p>{t('intro')}</p>
          <p className="document-request__due">{t('due', { date: formatDate(lang, request.dueAt) })}</p>
        </>
      ) : (
        <p className={`document-request__state document-request__state--${request.state}`}>
          {t(`state.${request.state}`)}
        </p>
      )}
      {token ? (
        <ul className="document-request__items">
          {request.items.map((item) => (
            <li key={item.id}>
              <DocumentItemAnswer client={client} token={token} requestId={request.id} item={item} open={open} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
