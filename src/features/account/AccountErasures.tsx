import { useTranslation } from 'react-i18next';
import type { AccountErasure, ErasureNotice } from '../../../domain/account-api.ts';
import { formatDate } from '../../ui/format-date.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * The person's past erasures and the lenders each was sent to, with their answers: GDPR Art. 19 lets the person ask
 * which recipients were told, and here they need not ask. Plain headings and lists, so a screen reader reads each
 * lender with its answer; nothing in it takes focus.
 */
export function AccountErasures({ erasures }: { erasures: readonly AccountErasure[] }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();

  const answer = (notice: ErasureNotice): string => {
    const sent = notice.sentAt ? t('erasures.sent', { date: formatDate(lang, notice.sentAt) }) : t('erasures.notSent');
    const answered = notice.answeredAt ? formatDate(lang, notice.answeredAt) : '';
    const outcome = {
      acknowledged: t('erasures.acknowledged', { date: answered }),
      refused: t('erasures.refused', { date: answered }),
      pending: t('erasures.pending'),
      unanswered: t('erasures.unanswered'),
    }[notice.outcome];
    return `${sent}; ${outcome}`;
  };

  return (
    <section className="account-section" aria-labelledby="account-erasures-heading">
      <h2 id="account-erasures-heading">{t('erasures.heading')}</h2>
      <p>{t('erasures.intro')}</p>
      {erasures.map((erasure) => (
        <div key={erasure.requestedAt} className="account-erasure">
          <h3>{t('erasures.erasedOn', { date: formatDate(lang, erasure.requestedAt) })}</h3>
          <p className="account-erasure__count">{t('erasures.lendersTold', { count: erasure.lenders.length })}</p>
          <ul className="account-erasure__lenders">
            {erasure.lenders.map((notice, index) => (
              <li key={`${notice.lenderId}-${String(index)}`}>
                <span className="account-erasure__lender">{notice.lender}</span>: {answer(notice)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
