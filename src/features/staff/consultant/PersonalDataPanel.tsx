import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import {
  PERSONAL_DATA_REASONS,
  personalDataBodySchema,
  type PersonalData,
} from '../../../../domain/staff-consultant-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { Select } from '../../../ui/Select.tsx';
import { messageOf } from '../staff-context.ts';
import { useConsultantClient } from './consultant-client.ts';

/** Contacts and income, shown only once the consultant names why; the server writes the reason to the audit log. */
export function PersonalDataPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('staff-consultant');
  const client = useConsultantClient();
  const [reason, setReason] = useState<string>('');
  const [invalid, setInvalid] = useState(false);
  const [data, setData] = useState<PersonalData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const show = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = personalDataBodySchema.safeParse({ reason });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    setPending(true);
    try {
      setData(await client.personalData(applicationId, parsed.data.reason));
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-card" aria-labelledby="consultant-personal-heading">
      <h3 id="consultant-personal-heading">{t('personal.heading')}</h3>
      {data ? (
        <PersonalFacts data={data} />
      ) : (
        <>
          <p>{t('personal.intro')}</p>
          <form className="staff-form" onSubmit={(event) => void show(event)} noValidate>
            <Select
              label={t('personal.reason')}
              placeholder={t('personal.reasonPlaceholder')}
              value={reason}
              onChange={setReason}
              isRequired
              error={invalid ? t('personal.chooseReason') : undefined}
              options={PERSONAL_DATA_REASONS.map((id) => ({ id, label: t(`personal.reasons.${id}`) }))}
            />
            <div className="staff-actions">
              <Button type="submit" isPending={pending}>
                {t('personal.show')}
              </Button>
            </div>
          </form>
        </>
      )}
      {error ? <Alert>{error}</Alert> : null}
    </section>
  );
}

function PersonalFacts({ data }: { data: PersonalData }) {
  const { t, i18n } = useTranslation('staff-consultant');
  const language = i18n.language as Language;
  const rows: readonly [string, string][] = [
    [t('personal.name'), `${data.firstName} ${data.lastName}`],
    [t('personal.email'), data.email],
    [t('personal.phone'), data.phoneNumber],
    [t('personal.income'), formatEuro(language, data.monthlyIncome)],
    [t('personal.incomeTypes'), data.incomeTypes.map((type) => t(`personal.incomeTypeNames.${type}`)).join(', ')],
    [
      t('personal.liabilities'),
      data.monthlyFinancialLiabilities === null
        ? t('personal.none')
        : formatEuro(language, data.monthlyFinancialLiabilities),
    ],
  ];
  return (
    <dl className="consultant-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
