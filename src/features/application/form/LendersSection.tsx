import { useEffect, useState } from 'react';
import type { LenderSummary } from '../../../../domain/lenders.ts';
import { servesLoan } from '../../../../domain/lender-reach.ts';
import { CheckboxGroup } from '../../../ui/CheckboxGroup.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { useWorkflowServices } from '../workflow-services.tsx';
import { FormSection } from './FormSection.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { useFormLabels } from './use-form-labels.ts';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; lenders: LenderSummary[] };

/**
 * Who gets the application, decided by the person before sending: every lender that serves the amount and term
 * chosen, ticked, and any of them can be unticked; the others are listed with what they do serve and are not
 * asked. The list follows the amount and term as they change.
 */
export function LendersSection({ form }: { form: ApplicationForm }) {
  const { t } = useFormLabels();
  const services = useWorkflowServices();
  const { values, set, bind, language } = form;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  // asked for at the person's first move (a scroll, a tap, a key, a focus): the HTTP client is not part of what
  // the form downloads before anyone touches it, and the list is far below the first fields
  useEffect(() => {
    if (!services) return;
    let current = true;
    let asked = false;
    const load = () => {
      if (asked) return;
      asked = true;
      stop();
      services.lenders().then(
        (lenders) => current && setLoaded({ state: 'loaded', lenders }),
        () => current && setLoaded({ state: 'failed' }),
      );
    };
    const moves = ['scroll', 'pointerdown', 'keydown', 'focusin'] as const;
    const stop = () => {
      for (const move of moves) window.removeEventListener(move, load, true);
    };
    for (const move of moves) window.addEventListener(move, load, { capture: true, passive: true });
    // a test renderer or an old browser without IntersectionObserver asks at once
    if (typeof IntersectionObserver === 'undefined') load();
    return () => {
      current = false;
      stop();
    };
  }, [services]);

  if (!services) return null;
  const loan = { amount: values.amount, term: values.term };
  const lenders = loaded.state === 'loaded' ? loaded.lenders : [];
  const serving = lenders.filter((lender) => servesLoan(lender, loan));
  const notServing = lenders.filter((lender) => !servesLoan(lender, loan));
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
                {notServing.map((lender) => (
                  <li key={lender.id}>
                    {t('lenders.serves', {
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
