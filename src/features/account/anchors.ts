/** The fragment that opens the account at its consents (the e-mail unsubscribe page links there). */
export const CONSENTS_ANCHOR = 'consents';
