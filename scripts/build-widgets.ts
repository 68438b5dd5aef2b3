/**
 * Builds the widgets' pages, each build of vite.config.ts's WIDGET_BUILDS on its own (`--mode widgets-<name>`),
 * into dist/client/assets/widgets with a manifest per build.
 */
import { build } from 'vite';
import { WIDGET_BUILDS } from '../vite.config.ts';

for (const name of Object.keys(WIDGET_BUILDS)) await build({ mode: `widgets-${name}`, logLevel: 'warn' });
