import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import '../styles/site/tokens.css';
import '../styles/site/base.css';
import '../styles/site/buttons.css';
import '../styles/site/alert.css';
import { keepWithinContentSecurityPolicy } from '../features/application/content-security.ts';
import { createI18n } from '../i18n/i18n.ts';
import { loadLocaleResources } from '../i18n/locale-resources.ts';

/**
 * The script of the staff's page (/staff), built with the account's (vite.config.ts): the page is a shell, and
 * everything in it is this script's, in Latvian and Russian both, as a member's language decides after login.
 * The staff's code is imported only after zod is told not to compile with `new Function` (no eval in the CSP).
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/*/{common,staff,validation}.json',
  '../../locales/*/staff-*.json',
]);
// each area of the back office (calls, compliance, reports) keeps its words in a namespace of its own
const NAMESPACES = [
  ...new Set(Object.keys(localeFiles).map((path) => /\/([\w-]+)\.json$/.exec(path)?.[1] ?? 'common')),
];

async function start(root: HTMLElement): Promise<void> {
  keepWithinContentSecurityPolicy();
  const [{ StaffApp }, lv, ru] = await Promise.all([
    import('../features/staff/index.ts'),
    loadLocaleResources(localeFiles, 'lv', NAMESPACES),
    loadLocaleResources(localeFiles, 'ru', NAMESPACES),
  ]);
  const i18n = createI18n('lv', { ...lv, ...ru });
  createRoot(root).render(
    createElement(StrictMode, null, createElement(I18nextProvider, { i18n }, createElement(StaffApp))),
  );
}

const root = document.getElementById('staff-root');
if (root) void start(root);
