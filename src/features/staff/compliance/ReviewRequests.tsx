import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_ANSWER_WORKING_DAYS } from '../../../../domain/staff-compliance-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { NAMESPACE, useComplianceClient, useList, useRigaFormat } from './compliance-hooks.ts';
import { StaffTable } from '../StaffTable.tsx';

/** The people's requests for a lender's human review of a decline: whether each lender answered, and in time. */
export function ReviewRequests() {
  const { t } = useTranslation(NAMESPACE);
  const client = useComplianceClient();
  const format = useRigaFormat();
  const load = useCallback(() => client.reviewRequests(), [client]);
  const { items, error, reload } = useList(load);

  return (
    <section className="staff-card" aria-labelledby="rv-heading">
      <h2 id="rv-heading">{t('reviews.heading')}</h2>
      <p>{t('reviews.intro', { count: REVIEW_ANSWER_WORKING_DAYS })}</p>
      <Button variant="secondary" onPress={reload}>
        {t('common.refresh')}
      </Button>
      {error ? <Alert>{error}</Alert> : null}
      {items === null ? <p>{t('common.loading')}</p> : null}
      {items?.length === 0 ? <p>{t('reviews.empty')}</p> : null}
      {items?.length ? (
        <StaffTable
          labelledBy="rv-heading"
          headers={[
            t('reviews.askedAt'),
            t('reviews.lender'),
            t('reviews.application'),
            t('common.state'),
            t('common.dueOn'),
            t('reviews.answeredAt'),
          ]}
        >
          {items.map((review) => (
            <tr key={review.id}>
              <th scope="row">{format.moment(review.askedAt)}</th>
              <td>{review.lender}</td>
              <td>
                <code>{review.applicationId}</code>
              </td>
              <td>
                {t(`reviews.phases.${review.phase}`)}
                {review.outcome ? ` (${t(`reviews.outcomes.${review.outcome}`)})` : ''}
                {review.overdue ? <strong className="staff-overdue"> {t('common.overdue')}</strong> : null}
              </td>
              <td>{format.day(review.dueOn)}</td>
              <td>{review.answeredAt ? format.moment(review.answeredAt) : '—'}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </section>
  );
}
