/** Riga's calendar date of an instant, 'YYYY-MM-DD': the reports count in Riga's days. */
export const rigaDate = (at: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .slice(0, 10);

/** The date `days` before a 'YYYY-MM-DD' date. */
export const daysBefore = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The first day of a date's month. */
export const monthStart = (date: string): string => `${date.slice(0, 8)}01`;
