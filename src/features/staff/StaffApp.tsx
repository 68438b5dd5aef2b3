import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/language.ts';
import type { StaffMe } from '../../../domain/staff-api.ts';
import { createStaffClient } from '../../api/staff-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { PasskeyStep } from './PasskeyStep.tsx';
import { RolePages } from './RolePages.tsx';
import { messageOf, StaffClientContext } from './staff-context.ts';
import './staff.css';

type Phase = { kind: 'loading' } | { kind: 'login' } | { kind: 'enrol'; token: string } | { kind: 'in'; me: StaffMe };

/** The enrolment link's token, read once and taken off the address so it stays out of history and bookmarks. */
function takeEnrolmentToken(): string | null {
  const match = /^#enrol=([\w-]+)$/.exec(window.location.hash);
  if (!match?.[1]) return null;
  window.history.replaceState(null, '', window.location.pathname);
  return match[1];
}

/**
 * The staff's page at /staff: the login (or the enrolment a link opens), then the member's role's own page. Its
 * language is Latvian until a member logs in, then theirs; the switch on the page changes it for this visit.
 */
export function StaffApp() {
  const { t, i18n } = useTranslation('staff');
  const language = i18n.language as Language;
  const client = useMemo(() => createStaffClient(language), [language]);
  const [phase, setPhase] = useState<Phase>(() => {
    const token = takeEnrolmentToken();
    return token ? { kind: 'enrol', token } : { kind: 'loading' };
  });
  const [error, setError] = useState<string | null>(null);

  const setLanguage = (next: Language) => {
    void i18n.changeLanguage(next);
    document.documentElement.lang = next;
  };
  const loggedIn = (me: StaffMe) => {
    setLanguage(me.language);
    setPhase({ kind: 'in', me });
  };

  useEffect(() => {
    if (phase.kind !== 'loading') return;
    client.me().then(
      (me) => (me ? loggedIn(me) : setPhase({ kind: 'login' })),
      (caught: unknown) => {
        setError(messageOf(caught, t('errors.generic')));
        setPhase({ kind: 'login' });
      },
    );
    // the session is asked about once, as the page opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const logout = async () => {
    await client.logout().catch(() => undefined);
    setPhase({ kind: 'login' });
  };

  return (
    <StaffClientContext.Provider value={client}>
      <div className="staff-bar">
        <Button variant="ghost" onPress={() => setLanguage(language === 'lv' ? 'ru' : 'lv')}>
          <span lang={language === 'lv' ? 'ru' : 'lv'}>{t('language.switchTo')}</span>
        </Button>
        {phase.kind === 'in' ? (
          <>
            <p>
              {t('header.signedInAs', { name: phase.me.name || phase.me.email, role: t(`roles.${phase.me.role}`) })}
            </p>
            <Button variant="secondary" onPress={() => void logout()}>
              {t('header.logout')}
            </Button>
          </>
        ) : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {phase.kind === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {phase.kind === 'login' ? <PasskeyStep mode="login" onDone={loggedIn} /> : null}
      {phase.kind === 'enrol' ? <PasskeyStep mode="enrol" token={phase.token} onDone={loggedIn} /> : null}
      {phase.kind === 'in' ? <RolePages me={phase.me} /> : null}
    </StaffClientContext.Provider>
  );
}
