/** The reports count in Riga's days: a range of dates is from the first one's midnight there to after the last one's. */
export const REPORT_TIME_ZONE = 'Europe/Riga';

/**
 * SQL for the instants a range of Riga days spans, `$from` and `$to` being parameters holding 'YYYY-MM-DD': the
 * database resolves the zone's offset on each end (summer time included).
 */
export const rigaDayStartSql = (parameter: string): string =>
  `((${parameter})::date::timestamp AT TIME ZONE '${REPORT_TIME_ZONE}')`;
export const rigaDayEndSql = (parameter: string): string =>
  `(((${parameter})::date + 1)::timestamp AT TIME ZONE '${REPORT_TIME_ZONE}')`;
