import { useTranslation } from 'react-i18next';

/** The compass mark and the brand name; decorative mark, the link around it carries the name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="logo__inner">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M20.5 11.5 17.8 17.8 11.5 20.5 14.2 14.2z" fill="currentColor" />
      </svg>
      <span className="logo__text">{t('brand')}</span>
    </span>
  );
}
