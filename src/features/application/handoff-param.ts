/** The query parameter that carries a one-time handoff code (handoff.ts); alone, so the wizard's first step need not load the rest. */
export const HANDOFF_PARAM = 'handoff';
