import type { Resource } from 'i18next';

/**
 * Every namespace of every language, read at build time: the prerenderer and tests render with the
 * lot. The browser never imports this; its pages load the namespaces they need (locale-resources.ts).
 */
const jsonFiles = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function allResources(): Resource {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, content] of Object.entries(jsonFiles)) {
    const match = /locales\/(\w+)\/(\w+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = content;
  }
  return resources;
}
