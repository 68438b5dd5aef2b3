/**
 * The application feature's second public entry: the prerendered first step's gate, small enough for a page's own
 * script to load before the wizard's code (which comes from index.ts at the person's first move).
 */
export { firstMoveOn, holdPrerenderedForm, untouchedFirstStep, type SavedWork } from './takeover/first-step-gate.ts';
export type { Takeover } from './takeover/takeover-context.tsx';
