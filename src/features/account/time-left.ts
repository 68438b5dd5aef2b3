import type { TFunction } from 'i18next';

/** "2 d. 3 st." / "2 дн. 3 ч": the two largest units of what is left; minutes under an hour. */
export function timeLeft(milliseconds: number, t: TFunction<'account'>): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0)
    return [t('days', { count: days }), hours > 0 ? t('hours', { count: hours }) : ''].filter(Boolean).join(' ');
  if (hours > 0)
    return [t('hours', { count: hours }), rest > 0 ? t('minutes', { count: rest }) : ''].filter(Boolean).join(' ');
  return t('minutes', { count: rest || minutes });
}
