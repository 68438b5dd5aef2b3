import * as z from 'zod/mini';
import { GLOBAL_NAME } from '../../domain/widget-protocol/constants.ts';
import { startHost } from './host-runtime.ts';

// this copy of zod is the host script's own: no eval, whatever the publisher's page allows
z.config({ jitless: true });

const script = document.currentScript as HTMLScriptElement | null;
const running = (window as unknown as Record<string, { started?: boolean } | undefined>)[GLOBAL_NAME]?.started;
if (script && !running) startHost(new URL(script.src).origin, window);
