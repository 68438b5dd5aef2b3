import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { YesNoField, type YesNoFieldProps } from '../../../ui/YesNoField.tsx';

type YesNoQuestionProps = Omit<YesNoFieldProps, 'yesLabel' | 'noLabel'> & { readonly children?: ReactNode };

/**
 * A yes/no question of the form, its answers in the page's language; `children` are its follow-up
 * fields, shown below it while the answer is yes.
 */
export function YesNoQuestion({ children, ...field }: YesNoQuestionProps) {
  const { t } = useTranslation('form');
  return (
    <>
      <YesNoField {...field} yesLabel={t('yes')} noLabel={t('no')} />
      {children !== undefined && field.value === true ? (
        <div className="application-form__follow-up">{children}</div>
      ) : null}
    </>
  );
}
