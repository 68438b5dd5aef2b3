import { useTranslation } from 'react-i18next';

/**
 * The warning of Directive (EU) 2023/2225 that borrowing money costs money. It stands in the same
 * block as the figure it accompanies, in type at least as large and as strong as the figure's label;
 * `headline`: beside a headline figure, in the headline's own size.
 */
export function CreditWarning({ headline = false }: { headline?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <p className={headline ? 'warning warning--headline' : 'warning'} role="note" data-credit-warning="">
      {t('warning')}
    </p>
  );
}

/** An advertised figure in copy: a percentage, or an amount in euros. */
const FIGURE = /\d\s?%|\d\s?(?:EUR|€)/;

/** Whether any of these texts shows a rate or a euro amount, and so needs the warning beside it. */
export const showsFigure = (...texts: readonly string[]): boolean => texts.some((text) => FIGURE.test(text));
