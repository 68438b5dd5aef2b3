import { Checkbox } from '../../../ui/Checkbox.tsx';
import { FormSection } from './FormSection.tsx';
import { LEGAL_PAGES } from './legal-pages.ts';
import type { ApplicationForm } from './use-application-form.ts';
import { useFormLabels } from './use-form-labels.ts';

/**
 * The consents: the terms and privacy policy (required, with links to both), data sharing, direct marketing, and
 * messages about this application: by e-mail unless turned off (service messages, said so beside the box), by SMS
 * only when ticked.
 */
export function ConsentsSection({ form }: { form: ApplicationForm }) {
  const { t, optional } = useFormLabels();
  const { values, set, bind, language } = form;
  const newTab = <span className="visually-hidden"> {t('opensInNewTab')}</span>;
  return (
    <FormSection name="consents">
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
      <Checkbox
        isSelected={values.emailNotices}
        onChange={(value) => set('emailNotices', value)}
        description={t('emailNotices.description')}
        {...bind('emailNotices')}
      >
        {optional(t('emailNotices.label'))}
      </Checkbox>
      <Checkbox isSelected={values.smsNotices} onChange={(value) => set('smsNotices', value)} {...bind('smsNotices')}>
        {optional(t('smsNotices.label'))}
      </Checkbox>
    </FormSection>
  );
}
