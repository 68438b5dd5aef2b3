import { useCallback, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPENDENTS_COUNTS, LOAN_PURPOSES } from '../../../../domain/application.ts';
import { intlLocale } from '../../../../domain/language.ts';
import { LOAN_AMOUNTS, LOAN_TERMS } from '../../../../domain/loan-options.ts';
import type { PhoneCountryIso } from '../../../../domain/phone-countries.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { InfoTip } from '../../../ui/InfoTip.tsx';
import { MoneyField } from '../../../ui/MoneyField.tsx';
import { PhoneField } from '../../../ui/PhoneField.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { YesNoField } from '../../../ui/YesNoField.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { asksDateOfBirth } from './form-values.ts';
import { BirthDateField } from './BirthDateField.tsx';
import { IncomeTypesFields } from './IncomeTypesFields.tsx';
import { LEGAL_PAGES } from './legal-pages.ts';
import { useApplicationForm, type ApplicationForm } from './use-application-form.ts';
import './form.css';

/**
 * The first step of the wizard ("entering essence"): the loan application of spec section 3.
 * The schema the server uses judges it; a valid application goes to the machine as SUBMIT.
 */
export function EnteringEssenceScreen() {
  const { t } = useTranslation(['form', 'workflow']);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useApplicationForm(formRef);
  return (
    <>
      <StepHeading>{t('steps.enteringEssence', { ns: 'workflow' })}</StepHeading>
      <p className="lead">{t('intro')}</p>
      <ApplicationFormView form={form} formRef={formRef} />
    </>
  );
}

function ApplicationFormView({ form, formRef }: { form: ApplicationForm; formRef: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation('form');
  const { values, set, bind, language } = form;
  const yesNo = { yesLabel: t('yes'), noLabel: t('no') };
  const optional = (label: string) => `${label} ${t('optional')}`;
  const countryName = useCallback((iso: PhoneCountryIso) => t(iso, { ns: 'countries' }), [t]);
  const newTab = <span className="visually-hidden"> {t('opensInNewTab')}</span>;

  return (
    <form
      ref={formRef}
      className="application-form"
      method="post"
      noValidate
      aria-busy={form.pending}
      onSubmit={form.submit}
    >
      <p className="application-form__note">{t('requiredNote')}</p>
      <div className="application-form__fields" inert={form.pending}>
        <section className="application-form__section" aria-labelledby="application-loan">
          <h2 id="application-loan">{t('sections.loan')}</h2>
          <MoneyField
            label={t('monthlyIncome.label')}
            description={t('monthlyIncome.description')}
            isRequired
            autoComplete="off"
            value={values.monthlyIncome}
            onChange={(value) => set('monthlyIncome', value)}
            {...bind('monthlyIncome')}
          />
          <div className="application-form__pair">
            <Select
              label={t('amount.label')}
              isRequired
              placeholder={t('choose')}
              options={LOAN_AMOUNTS.map((amount) => ({ id: String(amount), label: formatEuro(language, amount) }))}
              value={String(values.amount)}
              onChange={(value) => set('amount', Number(value))}
              {...bind('amount')}
            />
            <Select
              label={t('term.label')}
              isRequired
              placeholder={t('choose')}
              options={LOAN_TERMS.map((months) => ({ id: String(months), label: t('months', { count: months }) }))}
              value={String(values.term)}
              onChange={(value) => set('term', Number(value))}
              {...bind('term')}
            />
          </div>
          <IncomeTypesFields form={form} group="incomeTypes" />
        </section>

        <section className="application-form__section" aria-labelledby="application-person">
          <h2 id="application-person">{t('sections.person')}</h2>
          <div className="application-form__pair">
            <TextField
              label={t('firstname.label')}
              isRequired
              autoComplete="given-name"
              maxLength={50}
              value={values.firstname}
              onChange={(value) => set('firstname', value)}
              {...bind('firstname')}
            />
            <TextField
              label={t('lastname.label')}
              description={t('lastname.description')}
              isRequired
              autoComplete="family-name"
              maxLength={50}
              value={values.lastname}
              onChange={(value) => set('lastname', value)}
              {...bind('lastname')}
            />
          </div>
          <Select
            label={t('loanPurpose.label')}
            isRequired
            placeholder={t('choose')}
            options={LOAN_PURPOSES.map((purpose) => ({ id: purpose, label: t(`purpose.${purpose}`) }))}
            value={values.loanPurpose || null}
            onChange={(value) => set('loanPurpose', value as (typeof LOAN_PURPOSES)[number])}
            {...bind('loanPurpose')}
          />
          {values.loanPurpose === 'refinancing' ? (
            <div className="application-form__pair application-form__follow-up">
              <MoneyField
                label={optional(t('amountRefinance.label'))}
                description={t('amountRefinance.description')}
                value={values.amountRefinance}
                onChange={(value) => set('amountRefinance', value)}
                {...bind('amountRefinance')}
              />
              <MoneyField
                label={optional(t('additionalAmount.label'))}
                description={t('additionalAmount.description')}
                value={values.additionalAmount}
                onChange={(value) => set('additionalAmount', value)}
                {...bind('additionalAmount')}
              />
            </div>
          ) : null}
          {values.loanPurpose === 'other' ? (
            <div className="application-form__follow-up">
              <TextField
                label={t('loanPurposeText.label')}
                isRequired
                maxLength={200}
                value={values.loanPurposeText}
                onChange={(value) => set('loanPurposeText', value)}
                {...bind('loanPurposeText')}
              />
            </div>
          ) : null}
          <TextField
            label={t('personalId.label')}
            description={t('personalId.description')}
            isRequired
            autoComplete="off"
            inputMode="numeric"
            maxLength={20}
            value={values.personalId}
            onChange={(value) => set('personalId', value)}
            {...bind('personalId')}
          />
          {asksDateOfBirth(values) ? (
            <div className="application-form__follow-up">
              <BirthDateField form={form} />
            </div>
          ) : null}
          <TextField
            label={t('email.label')}
            description={t('email.description')}
            isRequired
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onChange={(value) => set('email', value)}
            {...bind('email')}
          />
          <PhoneField
            label={t('phone.label')}
            countryLabel={t('phone.country')}
            relevantTitle={t('phone.relevant')}
            allTitle={t('phone.all')}
            countryName={countryName}
            locale={intlLocale[language]}
            isRequired
            value={{ country: values.phoneCountry, number: values.phoneNumber }}
            onChange={({ country, number }) => {
              set('phoneCountry', country);
              set('phoneNumber', number);
            }}
            {...bind('phoneNumber')}
          />
        </section>

        <section className="application-form__section" aria-labelledby="application-household">
          <h2 id="application-household">{t('sections.household')}</h2>
          <YesNoField
            label={t('hasSpouse.label')}
            isRequired
            {...yesNo}
            value={values.hasSpouse}
            onChange={(value) => set('hasSpouse', value)}
            {...bind('hasSpouse')}
          />
          {values.hasSpouse === true ? (
            <div className="application-form__follow-up">
              <TextField
                label={optional(t('spouseEmail.label'))}
                type="email"
                inputMode="email"
                maxLength={254}
                value={values.spouseEmail}
                onChange={(value) => set('spouseEmail', value)}
                {...bind('spouseEmail')}
              />
              <YesNoField
                label={optional(t('spouseOffer.label'))}
                {...yesNo}
                value={values.spouseOffer}
                onChange={(value) => set('spouseOffer', value)}
                {...bind('spouseOffer')}
              />
              <IncomeTypesFields form={form} group="spouseIncomeTypes" />
              <MoneyField
                label={optional(t('monthlyFamilyFinancialLiabilities.label'))}
                value={values.monthlyFamilyFinancialLiabilities}
                onChange={(value) => set('monthlyFamilyFinancialLiabilities', value)}
                {...bind('monthlyFamilyFinancialLiabilities')}
              />
              <MoneyField
                label={optional(t('otherFamilyFinancialLiabilities.label'))}
                value={values.otherFamilyFinancialLiabilities}
                onChange={(value) => set('otherFamilyFinancialLiabilities', value)}
                {...bind('otherFamilyFinancialLiabilities')}
              />
            </div>
          ) : null}
          <YesNoField
            label={t('hasDependents.label')}
            description={t('hasDependents.description')}
            isRequired
            {...yesNo}
            value={values.hasDependents}
            onChange={(value) => set('hasDependents', value)}
            {...bind('hasDependents')}
          />
          {values.hasDependents === true ? (
            <div className="application-form__follow-up">
              <Select
                label={t('numberOfDependents.label')}
                isRequired
                placeholder={t('choose')}
                options={DEPENDENTS_COUNTS.map((count) => ({
                  id: count,
                  label: count === 'moreThan5' ? t('numberOfDependents.moreThan5') : count,
                }))}
                value={values.numberOfDependents || null}
                onChange={(value) => set('numberOfDependents', value)}
                {...bind('numberOfDependents')}
              />
            </div>
          ) : null}
          <YesNoField
            label={optional(t('ownsProperty.label'))}
            {...yesNo}
            value={values.ownsProperty}
            onChange={(value) => set('ownsProperty', value)}
            {...bind('ownsProperty')}
          />
          <YesNoField
            label={t('hasFinancialLiabilities.label')}
            isRequired
            {...yesNo}
            value={values.hasFinancialLiabilities}
            onChange={(value) => set('hasFinancialLiabilities', value)}
            {...bind('hasFinancialLiabilities')}
          />
          {values.hasFinancialLiabilities === true ? (
            <div className="application-form__follow-up">
              <MoneyField
                label={t('monthlyFinancialLiabilities.label')}
                description={t('monthlyFinancialLiabilities.description')}
                isRequired
                value={values.monthlyFinancialLiabilities}
                onChange={(value) => set('monthlyFinancialLiabilities', value)}
                {...bind('monthlyFinancialLiabilities')}
              />
              <MoneyField
                label={optional(t('otherFinancialLiabilities.label'))}
                description={t('otherFinancialLiabilities.description')}
                value={values.otherFinancialLiabilities}
                onChange={(value) => set('otherFinancialLiabilities', value)}
                {...bind('otherFinancialLiabilities')}
              />
            </div>
          ) : null}
          <div className="application-form__pep">
            <YesNoField
              label={t('politicalyExposedPerson.label')}
              isRequired
              {...yesNo}
              value={values.politicalyExposedPerson}
              onChange={(value) => set('politicalyExposedPerson', value)}
              {...bind('politicalyExposedPerson')}
            />
            <InfoTip label={t('politicalyExposedPerson.tipLabel')}>
              <p>{t('politicalyExposedPerson.tip')}</p>
            </InfoTip>
          </div>
          {values.politicalyExposedPerson === true ? (
            <div className="application-form__follow-up">
              <TextField
                label={t('politicalPosition.label')}
                isRequired
                maxLength={200}
                value={values.politicalPosition}
                onChange={(value) => set('politicalPosition', value)}
                {...bind('politicalPosition')}
              />
            </div>
          ) : null}
        </section>

        <section className="application-form__section" aria-labelledby="application-consents">
          <h2 id="application-consents">{t('sections.consents')}</h2>
          <Checkbox
            isRequired
            isSelected={values.acceptTerms}
            onChange={(value) => set('acceptTerms', value)}
            description={
              <>
                {t('acceptTerms.read')}{' '}
                <a href={LEGAL_PAGES[language].terms} target="_blank" rel="noopener">
                  {t('termsLink')}
                  {newTab}
                </a>
                {', '}
                <a href={LEGAL_PAGES[language].privacy} target="_blank" rel="noopener">
                  {t('privacyLink')}
                  {newTab}
                </a>
              </>
            }
            {...bind('acceptTerms')}
          >
            {t('acceptTerms.label')}
          </Checkbox>
          <Checkbox
            isSelected={values.acceptDataSharing}
            onChange={(value) => set('acceptDataSharing', value)}
            description={t('acceptDataSharing.description')}
            {...bind('acceptDataSharing')}
          >
            {t('acceptDataSharing.label')}
          </Checkbox>
          <Checkbox
            isSelected={values.acceptDirectMarketing}
            onChange={(value) => set('acceptDirectMarketing', value)}
            {...bind('acceptDirectMarketing')}
          >
            {optional(t('acceptDirectMarketing.label'))}
          </Checkbox>
        </section>
      </div>

      {form.failed ? (
        <Alert>
          <p>{t('checkFields')}</p>
          {form.unplacedServerErrors.length > 0 ? (
            <ul>
              {form.unplacedServerErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {form.sendErrorText ? <Alert>{form.sendErrorText}</Alert> : null}
      <div className="application-form__submit">
        <Button type="submit" size="large" isPending={form.pending}>
          {t('submit')}
        </Button>
        <p className="application-form__status" role="status">
          {form.pending ? t('submitting') : ''}
        </p>
      </div>
      <p className="application-form__free">{t('free')}</p>
    </form>
  );
}
