import type { CallRequestAnswer, ConsultantSlots } from '../../../domain/call-request-api.ts';

/**
 * What the call request's panel may do, bound to one application by whoever shows it: the wizard with the token,
 * the account with the application's id. Without `create` the panel only shows a waiting call, to move or cancel.
 */
export interface CallRequestPort {
  slots(): Promise<ConsultantSlots>;
  current(): Promise<CallRequestAnswer>;
  create?: (slotStart: string, question?: string) => Promise<CallRequestAnswer>;
  move(slotStart: string): Promise<CallRequestAnswer>;
  cancel(): Promise<void>;
}

/** The server's own words for a refused slot (they name the next open one); null for any other failure. */
export function slotRefusal(error: unknown): string | null {
  if (!(error instanceof Error) || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return code === 'slotClosed' || code === 'slotPast' ? error.message : null;
}
