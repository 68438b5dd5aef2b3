import { isWorkflowPath } from '../../domain/wizard-paths.ts';
import { forgetApplication } from '../api/token-storage.ts';
/**
 * Browser storage rules of spec section 4, applied on every page load before anything else runs.
 * Storage is passed in so the rules are tested without a browser.
 */
export const TRACKING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'publisherId',
  'v',
  'click_ID',
] as const;

const MAX_PARAM_LENGTH = 200;

/** Paths where a saved application token and personal code may stay. */
export const isApplicantWorkflowPath = (pathname: string): boolean =>
  isWorkflowPath(pathname) && !/\/enteringEssence(\/|$)/.test(pathname);

/** /v1 and /v2 (and their Russian twins) are alternate home pages; the variant is remembered. */
export const variantOfPath = (pathname: string): string | undefined => /^(?:\/ru)?\/v([12])\/?$/.exec(pathname)?.[1];

export interface PageLoad {
  readonly url: URL;
  readonly referrer: string;
  readonly local: Storage;
  readonly session: Storage;
}

export function applyStorageRules({ url, referrer, local, session }: PageLoad): void {
  // First touch within the session wins: a later page of the same visit does not overwrite it.
  for (const param of TRACKING_PARAMS) {
    const value = url.searchParams.get(param);
    if (value && session.getItem(param) === null) session.setItem(param, value.slice(0, MAX_PARAM_LENGTH));
  }
  const variant = variantOfPath(url.pathname);
  if (variant) session.setItem('v', variant);

  // The referrer is stored once, and only its origin and path: a query string may carry anything.
  if (session.getItem('referrer') === null) {
    session.setItem('referrer', referrerWithoutQuery(referrer, url.origin));
  }

  if (!isApplicantWorkflowPath(url.pathname)) forgetApplication(local);
  local.setItem('phoneNumberLocale', 'LV');
  local.setItem('dialCode', '371');
}

function referrerWithoutQuery(referrer: string, ownOrigin: string): string {
  if (!referrer) return '';
  try {
    const parsed = new URL(referrer);
    if (parsed.origin === ownOrigin) return '';
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}
