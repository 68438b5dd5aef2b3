import { useEffect, useState } from 'react';

export interface LiveAnnouncerProps {
  /** what to say; a new text is said once, the same text again is not repeated */
  readonly message: string;
  /** `assertive` interrupts; `polite` (the default) waits for the reader to finish */
  readonly politeness?: 'polite' | 'assertive';
}

/**
 * A live region that is on the page before its words: screen readers announce text that changes inside a
 * region they already know, not a region that arrives with its text. So the region renders empty and the
 * message follows a moment later. Visually hidden: what it says is on the screen already.
 */
export function LiveAnnouncer({ message, politeness = 'polite' }: LiveAnnouncerProps) {
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(message), 150);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div
      className="visually-hidden"
      role={politeness === 'assertive' ? 'alert' : 'status'}
      aria-live={politeness}
      aria-atomic="true"
    >
      {spoken}
    </div>
  );
}
