/**
 * The protocol's plain constants, apart from its zod schemas, so the loader on publisher pages
 * carries them without a validator.
 */
export const PROTOCOL_NAME = 'loan-widget';
export const PROTOCOL_VERSION = 1;

/** Path of the version's files on the product's origin. */
export const WIDGET_BASE_PATH = '/widget/v1';
/** The page a widget's identification tab opens first: it binds itself to its browser, then goes on to the provider. */
export const WIDGET_IDENTIFY_PATH = `${WIDGET_BASE_PATH}/identify`;

/** Query parameters the host adds to an iframe's address besides the options. */
export const FRAME_PARAMS = { hostOrigin: 'host', widgetId: 'wid' } as const;

export const WIDGET_ID_PATTERN = /^w[0-9a-z]{1,12}$/;

/** The global the snippet, the loader and the host script share. */
export const GLOBAL_NAME = 'LoanWidget';

export const envelopeOf = (id: string) => ({ protocol: PROTOCOL_NAME, v: PROTOCOL_VERSION, id }) as const;
