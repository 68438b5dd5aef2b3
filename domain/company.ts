import { CONSULTANT_HOURS, clockText } from './consultant-hours.ts';

/** Facts about the company shown in the footer, the legal pages and the contacts block. */
export const company = {
  brand: 'Kreditkompass',
  legalName: 'SIA "Kreditkompass"',
  registrationNumber: '40203456789',
  address: 'Krišjāņa Valdemāra iela 21, Rīga, LV-1010',
  phone: '+371 6700 0000',
  phoneHref: 'tel:+37167000000',
  email: 'info@kreditkompass.lv',
  /** licence of the Consumer Rights Protection Centre (PTAC) for credit intermediation */
  licence: 'NK-2019-042',
  siteOrigin: 'https://www.kreditkompass.lv',
  /** consultation hours: weekdays only, as consultant-hours.ts sets them for the call requests too */
  hours: { weekdaysFrom: clockText(CONSULTANT_HOURS.opens), weekdaysTo: clockText(CONSULTANT_HOURS.closes) },
} as const;

/** Review score shown on the home page (spec section 1). */
export const REVIEW_RATING = 4.9;
export const REVIEW_COUNT = 553;
