import { trackingSchema, type Tracking } from '../../domain/tracking.ts';

/** The session-storage keys of spec section 4 that travel with the application. */
export const TRACKING_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'referrer',
  'publisherId',
  'v',
  'click_ID',
] as const satisfies readonly (keyof Tracking)[];

/**
 * The tracking parameters the storage rules kept for this visit, in the shape the application's
 * body takes. An empty value or one the schema refuses (too long, control characters, a
 * publisher id with other characters) is left out, so it never costs the applicant a submission.
 */
export function readTracking(session: Storage): Tracking {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    let value: string | null;
    try {
      value = session.getItem(key);
    } catch {
      return tracking;
    }
    if (value === null || value === '') continue;
    const parsed = trackingSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) tracking[key] = parsed.data;
  }
  return tracking;
}
