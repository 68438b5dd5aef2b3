import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StepHeading } from '../StepHeading.tsx';
import { LoanSection } from './LoanSection.tsx';
import { PersonSection } from './PersonSection.tsx';
import { HouseholdSection } from './HouseholdSection.tsx';
import { ConsentsSection } from './ConsentsSection.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { LoanSummary } from '../../../ui/LoanSummary.tsx';
import { productOfPurpose } from '../../../../domain/loan-options.ts';
import { reportFunnelEvent } from '../../../tracking/funnel-event.ts';

// shown from the person's first move: its code and words are not part of the first step's download
const LenderChoice = lazy(() => import('./LenderChoice.tsx'));
import { SubmitArea } from './SubmitArea.tsx';
import { useApplicationForm } from './use-application-form.ts';
import { useAdoptedForm } from '../takeover/use-adopted-form.ts';
import './form.css';

/**
 * The first step of the wizard ("entering essence"): the loan application of spec section 3.
 * The schema the server uses judges it; a valid application goes to the machine as SUBMIT, one
 * with errors brings the error summary to the top of the form. The loan asked for is summed up
 * beside the form on a wide screen and above it on a phone (first in the page's order: it has
 * nothing to focus, so the keyboard goes straight from it to the form).
 */
export function EnteringEssenceScreen() {
  const { t } = useTranslation(['form', 'workflow']);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useApplicationForm();
  useAdoptedForm(formRef);
  // the person's first move starts the application, for the administrator's funnel (once a page)
  const started = form.firstMove;
  const purpose = form.values.loanPurpose || null;
  useEffect(() => {
    if (started) reportFunnelEvent('started', productOfPurpose(purpose));
    // the product is the one at the first move; later changes of purpose are not another start
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [started]);
  return (
    <>
      <StepHeading>{t('steps.enteringEssence', { ns: 'workflow' })}</StepHeading>
      <p className="lead">{t('intro')}</p>
      <div className="application-layout">
        <LoanSummary
          language={form.language}
          amount={form.values.amount}
          term={form.values.term}
          purpose={form.values.loanPurpose || null}
        />
        <form
          ref={formRef}
          className="application-form"
          method="post"
          noValidate
          aria-busy={form.pending}
          onSubmit={form.submit}
        >
          <ErrorSummary formRef={formRef} {...form.summary} />
          <p className="application-form__note">{t('requiredNote')}</p>
          <div className="application-form__fields" inert={form.pending}>
            <LoanSection form={form} />
            <PersonSection form={form} />
            <HouseholdSection form={form} />
            {form.firstMove ? (
              <Suspense fallback={null}>
                <LenderChoice form={form} />
              </Suspense>
            ) : null}
            <ConsentsSection form={form} />
          </div>
          <SubmitArea form={form} />
        </form>
      </div>
    </>
  );
}
