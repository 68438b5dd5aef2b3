/** The namespaces of the offers' words: their own, then the site's (months, the credit warning). */
export const OFFER_NAMESPACES = ['offers', 'common'] as const;
