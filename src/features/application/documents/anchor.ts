/** The documents requests' place on the wizard's page: a message's link and a widget's tab open it there. */
export const DOCUMENTS_ANCHOR = 'dokumenti';
