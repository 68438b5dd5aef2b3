import { loadConfig } from '../config/config.ts';
import { serve } from '../serve.ts';
import { registerSandbox } from './register.ts';
import { loadSandboxConfig, withSandboxLenders } from './sandbox-config.ts';

/**
 * The broker with its simulators, for `npm start`, demos and the end-to-end tests: banks, Smart-ID,
 * eParaksts and lenders under /sandbox of this process (SANDBOX=off: elsewhere), and the sandbox's
 * own lenders unless LENDERS_CONFIG names others.
 */
const config = loadConfig();
const sandbox = loadSandboxConfig(process.env, config.publicBaseUrl);
await serve(
  withSandboxLenders(config, sandbox),
  sandbox.inProcess ? (app) => registerSandbox(app, sandbox) : undefined,
);
