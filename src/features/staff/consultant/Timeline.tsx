import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { slotText } from '../../../../domain/consultant-hours.ts';
import type { Language } from '../../../../domain/language.ts';
import type { TimelineEvent } from '../../../../domain/staff-consultant-api.ts';
import { rigaDateTime } from './consultant-client.ts';

/** A code the server gives (a method, a reason, a message's kind) in words; one the page has no words for, as is. */
const wordOf = (t: TFunction, group: string, code: string | null) =>
  code ? t(`timeline.${group}.${code}`, { defaultValue: t('timeline.unknown') }) : t('timeline.unknown');

/** What happened, in the staff's language: the kind's sentence with its lender and its detail put in words. */
export function describeEvent(t: TFunction, language: Language, event: TimelineEvent): string {
  const detail = event.detail;
  return t(`timeline.kinds.${event.kind}`, {
    lender: event.lenderName ?? '',
    method: wordOf(t, 'methods', detail),
    failure: wordOf(t, 'failures', detail),
    reason: wordOf(t, 'declineReasons', detail),
    origin: wordOf(t, 'origins', detail),
    outcome: wordOf(t, 'outcomes', detail),
    notice: wordOf(t, 'notices', detail),
    channel: wordOf(t, 'channels', event.channel),
    slot: event.kind === 'callRequested' && detail ? slotText(language, detail) : '',
  });
}

/** Everything that happened to the application, oldest first, newest last. */
export function Timeline({ events }: { events: readonly TimelineEvent[] }) {
  const { t, i18n } = useTranslation('staff-consultant');
  const language = i18n.language as Language;
  return (
    <section className="staff-card" aria-labelledby="consultant-timeline-heading">
      <h3 id="consultant-timeline-heading">{t('timeline.heading')}</h3>
      {events.length === 0 ? (
        <p>{t('timeline.empty')}</p>
      ) : (
        <ol className="consultant-timeline">
          {events.map((event, index) => (
            // events have no id of their own; their order is the server's and never changes under the list
            <li key={index}>
              <time dateTime={event.at}>{rigaDateTime(language, event.at)}</time>{' '}
              <span>{describeEvent(t, language, event)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
