import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountAnswer } from '../../../domain/account-api.ts';
import { newApplicationPath } from '../../../domain/wizard-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { ApplicationCard } from './ApplicationCard.tsx';
import { CONSENTS_ANCHOR } from './anchors.ts';
import { ConsentCentre } from './ConsentCentre.tsx';
import { MyData } from './MyData.tsx';
import { useNow } from './use-now.ts';

/** The idle timeout in whole minutes, from when the session ends if nothing happens (30 by default). */
function idleMinutes(sessionExpiresAt: string, loadedAt: number): number {
  const minutes = Math.round((Date.parse(sessionExpiresAt) - loadedAt) / 60_000);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 30;
}

/** A logged-in person's account: their applications, consents and data, and the ways out. */
export function AccountOverview({
  account,
  loadedAt,
  focusHeading = false,
  onReload,
  onLogout,
  onErased,
}: {
  account: AccountAnswer;
  /** when the account was loaded (ms) */
  loadedAt: number;
  /** the view came after a step of the person's (logging in): the greeting takes the focus */
  focusHeading?: boolean;
  onReload: () => void;
  onLogout: (everywhere: boolean) => void;
  onErased: (withdrawn: number) => void;
}) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const now = useNow();
  const greeting = useRef<HTMLHeadingElement>(null);
  // the length of the idle timeout: from the answer's end of session and when it came
  const minutes = idleMinutes(account.sessionExpiresAt, loadedAt);
  const applications = useMemo(
    () => [...account.applications].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)),
    [account.applications],
  );

  useEffect(() => {
    // the unsubscribe page links to the consents: once the account is there, go to them
    if (window.location.hash === `#${CONSENTS_ANCHOR}`) {
      const consents = document.getElementById(`${CONSENTS_ANCHOR}-heading`);
      consents?.scrollIntoView();
      consents?.focus();
    } else if (focusHeading) {
      greeting.current?.focus();
    }
  }, [focusHeading]);

  return (
    <div className="account-overview">
      <div className="account-overview__head">
        <h2 className="account-overview__greeting" ref={greeting} tabIndex={-1}>
          {t('greeting', { name: account.firstName })}
        </h2>
        <p className="account-overview__note">{t('sessionNote', { count: minutes })}</p>
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
        {applications.length === 0 ? (
          <p>
            {t('applications.none')} <a href={newApplicationPath(lang)}>{t('applications.newApplication')}</a>
          </p>
        ) : (
          applications.map((application) => (
            <ApplicationCard key={application.id} application={application} now={now} onChanged={onReload} />
          ))
        )}
      </section>
      <ConsentCentre initial={account.consents} />
      <MyData onErased={onErased} />
    </div>
  );
}
