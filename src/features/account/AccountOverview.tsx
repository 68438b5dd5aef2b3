import { useTranslation } from 'react-i18next';
import type { AccountAnswer, EraseAnswer } from '../../../domain/account-api.ts';
import { newApplicationPath } from '../../../domain/wizard-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { useNow } from '../../ui/use-now.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { AccountErasures } from './AccountErasures.tsx';
import { ApplicationCard } from './ApplicationCard.tsx';
import { ConsentCentre } from './ConsentCentre.tsx';
import { MyData } from './MyData.tsx';

/** A logged-in person's account: their applications, consents and data, past erasures, and the ways out. */
export function AccountOverview({
  account,
  onReload,
  onLogout,
  onErased,
}: {
  account: AccountAnswer;
  onReload: () => void;
  onLogout: (everywhere: boolean) => void;
  onErased: (answer: EraseAnswer) => void;
}) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const now = useNow(30_000);
  return (
    <div className="account-overview">
      <div className="account-overview__head">
        <p className="account-overview__greeting">
          {account.firstName ? t('greeting', { name: account.firstName }) : t('greetingNameless')}
        </p>
        <p className="account-overview__note">{t('sessionNote')}</p>
        <div className="account-actions">
          <Button variant="secondary" onPress={() => onLogout(false)}>
            {t('logout')}
          </Button>
          <Button variant="ghost" onPress={() => onLogout(true)}>
            {t('logoutEverywhere')}
          </Button>
        </div>
      </div>
      <section className="account-section" aria-labelledby="account-applications-heading">
        <h2 id="account-applications-heading">{t('applications.heading')}</h2>
        {account.applications.length === 0 ? (
          <p>
            {t('applications.none')} <a href={newApplicationPath(lang)}>{t('applications.newApplication')}</a>
          </p>
        ) : (
          account.applications.map((application) => (
            <ApplicationCard key={application.id} application={application} now={now} onChanged={onReload} />
          ))
        )}
      </section>
      <ConsentCentre initial={account.consents} />
      <MyData onErased={onErased} />
      {account.erasures.length > 0 ? <AccountErasures erasures={account.erasures} /> : null}
    </div>
  );
}
