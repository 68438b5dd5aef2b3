import './site-client.ts';
import { startWorkflow } from '../features/application/start-workflow.tsx';

/**
 * The applicant workflow's page: the site's own script (storage rules, cookie banner), then the
 * wizard. Only workflow pages load this entry, so the public pages never carry the wizard's code.
 */
const root = document.getElementById('workflow-root');
if (root) void startWorkflow(root);
