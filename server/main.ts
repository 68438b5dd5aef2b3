import { loadConfig } from './config/config.ts';
import { serve } from './serve.ts';

/**
 * The broker as production runs it: real lenders from LENDERS_CONFIG (or LENDERS_CONFIG_FILE), no
 * simulators. `npm start` runs server/sandbox/main.ts instead, which adds them.
 */
const config = loadConfig();
if (config.lenders.length === 0) {
  throw new Error('No lenders configured: set LENDERS_CONFIG or LENDERS_CONFIG_FILE (README, Configuration)');
}
await serve(config);
