/** What a widget's identification tab and the frame that opened it say to each other (both pages of ours). */
export const IDENTIFY_READY = 'kk-identify-ready';
export const IDENTIFY_RETURN_STATE = 'kk-identify-return-state';

export type IdentifyMessage =
  | { readonly type: typeof IDENTIFY_READY }
  | { readonly type: typeof IDENTIFY_RETURN_STATE; readonly returnState: string };

export function isIdentifyMessage(data: unknown): data is IdentifyMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, returnState } = data as { type?: unknown; returnState?: unknown };
  return type === IDENTIFY_READY || (type === IDENTIFY_RETURN_STATE && typeof returnState === 'string');
}
