import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { ApplicationActor } from '../../../machines/application-machine.ts';
import { PresentationProvider, type WorkflowPresentation } from './presentation.tsx';
import { TakeoverProvider, type Takeover } from './takeover/takeover-context.tsx';
import { WorkflowApp, type ScreenOverrides } from './WorkflowApp.tsx';
import { WorkflowProvider } from './workflow-context.tsx';
import { WorkflowServicesProvider, type WorkflowServices } from './workflow-services.tsx';

export interface WorkflowTreeProps {
  readonly i18n: I18n;
  readonly actor: ApplicationActor;
  readonly services: WorkflowServices;
  readonly presentation?: WorkflowPresentation | undefined;
  readonly screens?: ScreenOverrides | undefined;
  /** the prerendered first step this render adopts, with what the person did in it before the script came */
  readonly takeover?: Takeover | null | undefined;
}

/**
 * The workflow's screens with everything they read: the one tree the browser mounts (mount-workflow.tsx) and the
 * server prerenders the first step from, so that the browser can adopt the prerendered form node for node.
 */
export function WorkflowTree({ i18n, actor, services, presentation, screens, takeover }: WorkflowTreeProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PresentationProvider presentation={presentation ?? { embedded: false }}>
          <WorkflowProvider actor={actor}>
            <WorkflowServicesProvider services={services}>
              <TakeoverProvider takeover={takeover ?? null}>
                <WorkflowApp screens={screens} />
              </TakeoverProvider>
            </WorkflowServicesProvider>
          </WorkflowProvider>
        </PresentationProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
