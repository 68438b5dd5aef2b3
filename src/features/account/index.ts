/** The personal account and the pages of coming back (e-mail, SMS, links), for the routes. */
export { AccountApp } from './AccountApp.tsx';
export { AccountPage, LinkInvalidPage, OtherBrowserPage, SmsOptOutPage, UnsubscribePage } from './AccountPages.tsx';
export { SmsOptOut } from './SmsOptOut.tsx';
export { Unsubscribe } from './Unsubscribe.tsx';
