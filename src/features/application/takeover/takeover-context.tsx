import { createContext, use, type ReactNode } from 'react';

/**
 * The prerendered first step, adopted by the script: the form was usable as HTML before it came, so what the
 * person typed, ticked or chose there, and a press of the submit button, are the script's to take in.
 */
export interface Takeover {
  /** whether the person sent the form before the script came (the page held the submission back) */
  readonly submitAsked: () => boolean;
  /** the script has the form now: the page stops holding submissions back */
  readonly release: () => void;
}

const TakeoverContext = createContext<Takeover | null>(null);

export function TakeoverProvider({ takeover, children }: { takeover: Takeover | null; children: ReactNode }) {
  return <TakeoverContext value={takeover}>{children}</TakeoverContext>;
}

/** null unless this render adopts the prerendered form. */
export const useTakeover = (): Takeover | null => use(TakeoverContext);
