import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsultantSlots } from '../../../domain/call-request-api.ts';
import { rigaDayOf, slotDayText, slotTimeText } from '../../../domain/consultant-hours.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * A slot, chosen as a day and then a time of that day: two native selects, which every keyboard, phone and screen
 * reader knows. Changing the day keeps the time where that day has it, else takes the day's first.
 */
export function SlotChoice({
  days,
  value,
  onChange,
}: {
  days: ConsultantSlots['days'];
  value: string;
  onChange: (slot: string) => void;
}) {
  const { t } = useTranslation('consultant');
  const lang = useLanguage();
  const dayId = useId();
  const timeId = useId();
  const day = days.find((candidate) => candidate.day === rigaDayOf(value)) ?? days[0];
  const chooseDay = (dayKey: string) => {
    const next = days.find((candidate) => candidate.day === dayKey);
    if (!next) return;
    const sameTime = next.slots.find((slot) => slotTimeText(slot) === slotTimeText(value));
    onChange(sameTime ?? next.slots[0] ?? value);
  };
  return (
    <div className="call-request__slot">
      <div className="call-request__field">
        <label htmlFor={dayId}>{t('day')}</label>
        <select id={dayId} value={day?.day ?? ''} onChange={(event) => chooseDay(event.target.value)}>
          {days.map((candidate) => (
            <option key={candidate.day} value={candidate.day}>
              {slotDayText(lang, candidate.slots[0] ?? '')}
            </option>
          ))}
        </select>
      </div>
      <div className="call-request__field">
        <label htmlFor={timeId}>{t('time')}</label>
        <select id={timeId} value={value} onChange={(event) => onChange(event.target.value)}>
          {(day?.slots ?? []).map((slot) => (
            <option key={slot} value={slot}>
              {slotTimeText(slot)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
