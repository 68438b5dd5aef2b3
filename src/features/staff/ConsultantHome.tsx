import { useTranslation } from 'react-i18next';

/** The consultant's landing: the call queue comes with the next piece of work, and nothing stands in for it. */
export function ConsultantHome() {
  const { t } = useTranslation('staff');
  return (
    <section className="staff-card" aria-labelledby="staff-consultant-heading">
      <h2 id="staff-consultant-heading">{t('consultant.heading')}</h2>
      <p>{t('consultant.body')}</p>
    </section>
  );
}
