import { chromium, type Browser } from '@playwright/test';
import { CHROME_FLAGS, findChrome } from '../bench-processes.ts';

/** Playwright adds its own headless flag; the rest as Lighthouse's Chromium has them, offline included. */
const playwrightArgs = () => CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless'));

export const launchBrowser = async (): Promise<Browser> =>
  chromium.launch({ executablePath: await findChrome(), args: playwrightArgs() });
