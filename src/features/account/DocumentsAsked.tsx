import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LenderStatus } from '../../../domain/api.ts';
import { Button } from '../../ui/Button.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * The lenders' open documents requests of an application, what each asks and by when, with the way to answer
 * them: the wizard's page, opened at the requests, where files go up and bank data is shared.
 */
export function DocumentsAsked({
  lenders,
  busy,
  onAnswer,
}: {
  lenders: readonly LenderStatus[];
  busy: boolean;
  /** opens the wizard at the request with this id */
  onAnswer: (requestId: string) => void;
}) {
  const { t } = useTranslation(['account', 'requests']);
  const lang = useLanguage();
  const headingId = useId();
  const open = lenders.flatMap((lender) =>
    lender.documentRequests
      .filter((request) => request.state === 'open')
      .map((request) => ({ lender: lender.name, request })),
  );
  if (open.length === 0) return null;
  return (
    <section className="account-documents" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('documents.heading', { count: open.length })}</h4>
      <ul>
        {open.map(({ lender, request }) => (
          <li key={request.id}>
            {t('documents.asked', { lender, date: formatDate(lang, request.dueAt) })}
            <ul>
              {request.items.map((item) => (
                <li key={item.id}>
                  {item.kind === 'bankStatement'
                    ? t('requests:kind.bankStatement', { count: item.months ?? 6 })
                    : t(`requests:kind.${item.kind}`)}
                  {item.text ? `: ${item.text}` : ''}
                </li>
              ))}
            </ul>
            <Button
              isDisabled={busy}
              aria-label={t('documents.answerLender', { lender })}
              onPress={() => onAnswer(request.id)}
            >
              {t('documents.answer')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
