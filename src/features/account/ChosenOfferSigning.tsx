import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The chosen offer's way to sign at the lender's. `focusNow`, just after the choice was made here: the link comes
 * into view with the focus (focusing scrolls it there), where the person's eyes and keyboard are.
 */
export function ChosenOfferSigning({
  lender,
  signUrl,
  focusNow,
  onFocused,
}: {
  lender: string;
  signUrl: string;
  focusNow: boolean;
  onFocused: () => void;
}) {
  const { t } = useTranslation('account');
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!focusNow || !link.current) return;
    link.current.focus();
    onFocused();
  }, [focusNow, onFocused]);
  return (
    <div className="account-application__chosen">
      <p className="lead">{t('applications.chosenLead', { lender })}</p>
      <p>{t('applications.howToSign')}</p>
      <p>
        <a ref={link} className="button button--primary" href={signUrl}>
          {t('applications.sign', { lender })}
        </a>
      </p>
    </div>
  );
}
