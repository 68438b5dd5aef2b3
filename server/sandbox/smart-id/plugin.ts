import type { FastifyInstance } from 'fastify';
import { addFormBodyParser } from '../page.ts';
import { registerControlApi } from './control-api.ts';
import { registerPhoneApp } from './phone-app.ts';
import { registerRelyingPartyApi, type RelyingPartyTiming } from './relying-party-api.ts';
import { SessionStore } from './session-store.ts';

/**
 * Smart-ID simulator: the relying-party API v2 under {prefix}/v2 (relying-party-api.ts), a tester "phone app" page
 * (phone-app.ts), and JSON control routes for tests (control-api.ts), all over one session store per registration
 * (session-store.ts).
 *
 * Differences from the real service: the certificate is the JSON stand-in of smart-id-cert.ts, the
 * signature algorithm is Ed25519 over the hash, timeoutMs below 1000 is accepted (fast tests), any
 * relying party UUID and name are accepted.
 */

// Still exported from here, the simulator's entry point, for the tests that drive it through magic codes.
export { SMART_ID_MAGIC_CODES, smartIdAutoCode } from './relying-party-api.ts';

export interface SmartIdSandboxOptions extends RelyingPartyTiming {
  /** default '/sandbox/smart-id' */
  readonly prefix?: string;
}

export async function registerSmartIdSandbox(app: FastifyInstance, opts: SmartIdSandboxOptions = {}): Promise<void> {
  const prefix = (opts.prefix ?? '/sandbox/smart-id').replace(/\/+$/, '');
  const sessions = new SessionStore();

  await app.register(
    async (sid) => {
      addFormBodyParser(sid);
      sid.addHook('preClose', async () => sessions.close());
      registerRelyingPartyApi(sid, sessions, opts);
      registerPhoneApp(sid, sessions, prefix);
      registerControlApi(sid, sessions);
    },
    { prefix },
  );
}
