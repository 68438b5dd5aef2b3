import { useEffect, useState } from 'react';
import { ApplicationPage } from './ApplicationPage.tsx';
import { ApplicationSearch } from './ApplicationSearch.tsx';
import { CallQueue } from './CallQueue.tsx';
import './consultant.css';

const APPLICATION_HASH = /^#calls\/([0-9a-f-]{36})$/i;
const openApplicationId = () => APPLICATION_HASH.exec(window.location.hash)?.[1] ?? null;

/**
 * The consultant's calls section: the queue and the search, or one application's page when the address names it
 * (`/staff#calls/<id>`), so a reload or the browser's Back keeps the consultant where they were.
 */
export function ConsultantCalls() {
  const [applicationId, setApplicationId] = useState<string | null>(openApplicationId);

  useEffect(() => {
    const follow = () => setApplicationId(openApplicationId());
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
    };
  }, []);

  if (applicationId) return <ApplicationPage key={applicationId} applicationId={applicationId} />;
  return (
    <>
      <CallQueue />
      <ApplicationSearch />
    </>
  );
}
