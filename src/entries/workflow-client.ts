import './site-client.ts';
import {
  adoptableFirstStep,
  firstMoveOn,
  holdPrerenderedForm,
} from '../features/application/takeover/first-step-gate.ts';

/**
 * The applicant workflow's page: the site's own script (storage rules, cookie banner), then the wizard. Only
 * workflow pages load this entry, so the public pages never carry the wizard's code. The first step comes
 * prerendered and usable as HTML; the wizard's code follows the person's first move on it and adopts it.
 */
const root = document.getElementById('workflow-root');
if (root) {
  const form = adoptableFirstStep(root, window);
  const release = form ? () => undefined : holdPrerenderedForm(root);
  void (form ? firstMoveOn(window, form) : Promise.resolve(null)).then(async (takeover) => {
    const { startWorkflow } = await import('../features/application/start-workflow.tsx');
    await startWorkflow(root, takeover);
    release();
  });
}
