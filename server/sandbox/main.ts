import { loadConfig } from '../config/config.ts';
import { serve } from '../serve.ts';
import { registerSandbox } from './register.ts';
import { loadSandboxConfig, withSandboxLenders, withSandboxMessaging } from './sandbox-config.ts';

/**
 * The broker with its simulators, for `npm start`, demos and the end-to-end tests: banks, Smart-ID,
 * eParaksts, lenders and the SMS gateway under /sandbox of this process (SANDBOX=off: elsewhere), the
 * sandbox's own lenders unless LENDERS_CONFIG names others, and a local mail catcher (its messages at
 * /sandbox/mail) unless SMTP_URL names a server.
 */
const loaded = loadConfig();
const sandbox = loadSandboxConfig(process.env, loaded.publicBaseUrl);
const { config, mailbox } = await withSandboxMessaging(withSandboxLenders(loaded, sandbox), sandbox);
await serve(
  config,
  sandbox.inProcess
    ? async (app) => {
        // the mail catcher listens on a port of its own; it stops with the app
        if (mailbox) app.addHook('onClose', () => mailbox.close());
        await registerSandbox(app, sandbox, { mailbox });
      }
    : undefined,
);
