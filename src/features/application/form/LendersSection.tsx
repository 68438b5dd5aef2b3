import { useEffect, useState } from 'react';
import type { LenderSummary } from '../../../../domain/lenders.ts';
import { outOfReach } from '../../../../domain/lender-reach.ts';
import { CheckboxGroup } from '../../../ui/CheckboxGroup.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { useWorkflowServices } from '../workflow-services.tsx';
import { FormSection } from './FormSection.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { useTranslation } from 'react-i18next';
import { LENDER_CHOICE_NAMESPACE } from '../workflow-resources.ts';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; lenders: LenderSummary[] };

/**
 * Who gets the application, decided by the person before sending: every lender that serves the amount, term and
 * purpose chosen, ticked, and any of them can be unticked; the others are listed with why they are not asked (what
 * amounts and terms they serve, or that they do not lend for the purpose). The rule is the server's
 * (domain/lender-reach.ts), so the list shows exactly the lenders the application goes to. It follows the amount,
 * term and purpose as they change.
 */
export function LendersSection({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation(LENDER_CHOICE_NAMESPACE);
  const services = useWorkflowServices();
  const { values, set, bind, language } = form;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  // this part of the form is shown from the person's first move on (LenderChoice): the list is asked for then
  useEffect(() => {
    if (!services) return;
    let current = true;
    services.lenders().then(
      (lenders) => current && setLoaded({ state: 'loaded', lenders }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [services]);

  if (!services) return null;
  // no purpose chosen yet: no lender is left out for it
  const loan = { amount: values.amount, term: values.term, purpose: values.loanPurpose || null };
  const lenders = loaded.state === 'loaded' ? loaded.lenders : [];
  const serving = lenders.filter((lender) => outOfReach(lender, loan) === null);
  const notServing = lenders.flatMap((lender) => {
    const why = outOfReach(lender, loan);
    return why === null ? [] : [{ lender, why }];
  });
  const ticked = serving.filter((lender) => !values.excludedLenders.includes(lender.id)).map((lender) => lender.id);

  // unticking keeps the choices about lenders not shown for this loan, so changing the amount loses nothing
  const choose = (nowTicked: string[]) => {
    const hidden = values.excludedLenders.filter((id) => !serving.some((lender) => lender.id === id));
    const unticked = serving.filter((lender) => !nowTicked.includes(lender.id)).map((lender) => lender.id);
    set('excludedLenders', [...hidden, ...unticked]);
  };

  return (
    <FormSection name="lenders">
      {loaded.state === 'loading' ? <p className="application-form__note">{t('lenders.loading')}</p> : null}
      {loaded.state === 'failed' ? <p className="application-form__note">{t('lenders.unavailable')}</p> : null}
      {loaded.state === 'loaded' ? (
        <>
          <CheckboxGroup
            label={t('lenders.label')}
            description={`${t('lenders.count', { count: ticked.length, total: serving.length })}. ${t('lenders.description')}`}
            options={serving.map((lender) => ({ id: lender.id, label: lender.name }))}
            value={ticked}
            onChange={choose}
            {...bind('excludedLenders')}
          />
          {notServing.length > 0 ? (
            <div className="lender-list__others">
              <h3 className="lender-list__heading">{t('lenders.notServing', { count: notServing.length })}</h3>
              <ul className="lender-list__not-serving">
                {notServing.map(({ lender, why }) => (
                  <li key={lender.id}>
                    {why === 'purpose' && values.loanPurpose !== ''
                      ? t('lenders.notForPurpose', {
                          name: lender.name,
                          purpose: t(`purpose.${values.loanPurpose}`, { ns: 'form' }),
                        })
                      : t('lenders.serves', {
                          name: lender.name,
                          from: formatEuro(language, lender.amounts.min),
                          to: formatEuro(language, lender.amounts.max),
                          minTerm: lender.terms.min,
                          maxTerm: lender.terms.max,
                        })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}
    </FormSection>
  );
}
