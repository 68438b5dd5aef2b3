/**
 * How long the sandbox lenders take to decide: 'realistic' (each lender's own profile), a fixed delay
 * in ms, or each answer at a uniformly random moment between two bounds (answers that arrive one by one).
 */
export type LenderDelay = 'realistic' | number | { readonly minMs: number; readonly maxMs: number };

/** SANDBOX_LENDER_DELAY_MS: unset or 'realistic', a whole number of ms, or a range 'min-max' in ms. */
export function lenderDelayFromEnv(value: string | undefined): LenderDelay {
  if (value === undefined || value.trim() === '' || value === 'realistic') return 'realistic';
  const range = /^(\d+)-(\d+)$/.exec(value.trim());
  if (range) {
    const [minMs, maxMs] = [Number(range[1]), Number(range[2])];
    if (minMs > maxMs) throw new Error('SANDBOX_LENDER_DELAY_MS: the range must go from the lower bound up');
    return { minMs, maxMs };
  }
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error('SANDBOX_LENDER_DELAY_MS must be a whole number of ms or a range min-max');
  return ms;
}
