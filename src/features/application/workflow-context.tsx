import { createContext, use, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ApplicationActor, ApplicationEvent, ApplicationSnapshot } from '../../../machines/application-machine.ts';

const ActorContext = createContext<ApplicationActor | null>(null);

/**
 * The running application machine, created outside React (by the site's entry, a widget or a
 * test), so the URL, the tests and the screens all look at the same actor.
 */
export function WorkflowProvider({ actor, children }: { actor: ApplicationActor; children: ReactNode }) {
  return <ActorContext value={actor}>{children}</ActorContext>;
}

export function useWorkflowActor(): ApplicationActor {
  const actor = use(ActorContext);
  if (!actor) throw new Error('useWorkflowActor needs a WorkflowProvider');
  return actor;
}

/** A slice of the machine's snapshot; the screen re-renders only when the slice changes. */
export function useWorkflow<T>(selector: (snapshot: ApplicationSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useWorkflowActor(), selector, compare);
}

/** Sends an event to the machine. */
export function useSend(): (event: ApplicationEvent) => void {
  const actor = useWorkflowActor();
  return actor.send;
}
