import { useEffect, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '../../../domain/staff-api.ts';
import { STAFF_SECTIONS } from './sections.tsx';

const hashOf = () => window.location.hash.replace(/^#/, '').split('/')[0] ?? '';

/**
 * A role's pages as tabs, the open one named in the address's hash (`/staff#audit`), so a reload or a shared
 * link opens the same page. A hash that names another role's page opens this role's first.
 */
export function RolePages({ me }: { me: StaffMe }) {
  const { t } = useTranslation('staff');
  const sections = STAFF_SECTIONS[me.role];
  const first = sections[0]?.id ?? '';
  const known = (id: string) => (sections.some((section) => section.id === id) ? id : first);
  const [selected, setSelected] = useState<string>(() => known(hashOf()));

  useEffect(() => {
    const follow = () => setSelected(known(hashOf()));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
    // the role's sections are fixed for the session
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = (key: Key) => {
    const id = known(String(key));
    setSelected(id);
    if (hashOf() !== id) window.history.pushState(null, '', `#${id}`);
  };

  return (
    <Tabs className="staff-tabs" selectedKey={selected} onSelectionChange={select}>
      <TabList className="staff-tab-list" aria-label={t('sections.label')}>
        {sections.map((section) => (
          <Tab key={section.id} id={section.id} className="staff-tab">
            {t(`sections.${section.id}`)}
          </Tab>
        ))}
      </TabList>
      {sections.map(({ id, Component }) => (
        <TabPanel key={id} id={id}>
          <Component me={me} />
        </TabPanel>
      ))}
    </Tabs>
  );
}
