import type { AnyStateNode } from 'xstate';
import type { StepMeta, WorkflowScreen, WorkflowStep } from '../domain/wizard-paths.ts';
import { applicationMachine, type ApplicationEvent, type ApplicationSnapshot } from './application-machine.ts';

/** A state on its way somewhere (restoring, loading, routing) declares nothing: the loading screen. */
const ON_THE_WAY: StepMeta = { screen: 'loading' };

/** What a snapshot shows: the meta its deepest active state declares. */
export function stepMetaOf(snapshot: Pick<ApplicationSnapshot, 'getMeta'>): StepMeta {
  const declared = Object.entries(snapshot.getMeta()).flatMap(([id, meta]) => (meta ? [{ id, meta }] : []));
  const deepest = declared.sort((a, b) => b.id.split('.').length - a.id.split('.').length)[0];
  return deepest?.meta ?? ON_THE_WAY;
}

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(stateNodes)];

/** Each step's screen, read once from the states' meta. */
const SCREEN_OF_STEP = new Map<WorkflowStep, WorkflowScreen>(
  stateNodes(applicationMachine.root).flatMap((node) => {
    const meta: StepMeta | undefined = node.meta;
    return meta?.step ? [[meta.step, meta.screen] as const] : [];
  }),
);

/** The screen a step (from an address) shows; steps that show one screen are its variants. */
export const screenOfStep = (step: WorkflowStep): WorkflowScreen | undefined => SCREEN_OF_STEP.get(step);

/** What a state shows as it is entered: its own meta, or its initial child's. */
const metaOnEntry = (node: AnyStateNode): StepMeta | undefined =>
  node.meta ?? (node.type === 'compound' ? node.initial.target.map(metaOnEntry)[0] : undefined);

/** The screen an event would lead to from a snapshot; undefined when the machine would not move. */
export function screenAfter(snapshot: ApplicationSnapshot, event: ApplicationEvent): WorkflowScreen | undefined {
  const [target] = applicationMachine.getTransitionData(snapshot, event)[0]?.target ?? [];
  return target ? metaOnEntry(target)?.screen : undefined;
}
