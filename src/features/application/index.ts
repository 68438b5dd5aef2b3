/** The application's public entry: what the widget frames may take from the wizard. */
export { mountWorkflow, type WorkflowMount } from './mount-workflow.tsx';
export type { ScreenOverrides } from './WorkflowApp.tsx';
export { handoffUrl } from './handoff.ts';
export { StepHeading } from './StepHeading.tsx';
export { useWorkflow } from './workflow-context.tsx';
export { SCREEN_NAMESPACES } from './workflow-resources.ts';
