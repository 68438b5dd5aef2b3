import { useTranslation } from 'react-i18next';
import { company } from '../../../domain/company.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Logo } from './Logo.tsx';
import { PRODUCT_KEYS } from '../../../domain/loan-options.ts';

export function Header({ switchPath }: { switchPath: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const other = lang === 'lv' ? 'ru' : 'lv';
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <div className="container site-header__inner">
        <a className="logo" href={pagePath('home', lang)} aria-label={t('nav.home')}>
          <Logo />
        </a>
        <nav className="site-nav" aria-label={t('nav.label')}>
          <ul className="site-nav__list">
            <li>
              <details className="site-nav__menu">
                <summary>{t('nav.loans')}</summary>
                <ul className="site-nav__submenu">
                  {PRODUCT_KEYS.map((key) => (
                    <li key={key}>
                      <a href={pagePath(key, lang)}>{t(`products.${key}`)}</a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
            <li>
              <a href={pagePath('tips', lang)}>{t('nav.tips')}</a>
            </li>
            <li>
              <a href="#contacts">{t('nav.contacts')}</a>
            </li>
          </ul>
        </nav>
        <div className="site-header__actions">
          <a className="phone-badge" href={company.phoneHref}>
            <span className="visually-hidden">{t('nav.phoneLabel')}: </span>
            <span className="phone-badge__number">{company.phone}</span>
          </a>
          <a className="lang-switch" href={switchPath} hrefLang={other} lang={other} title={t('nav.switchToLabel')}>
            {t('nav.switchTo')}
          </a>
          <a className="button button--ghost account-button" href={pagePath('account', lang)}>
            {t('nav.account')}
          </a>
        </div>
      </div>
    </header>
  );
}
