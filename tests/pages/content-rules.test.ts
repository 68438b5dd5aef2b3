import { describe, expect, it } from 'vitest';
import { allPagePaths } from '../../domain/site-pages.ts';
import { prerendered, prerenderedFile, textOf } from './support/prerendered.ts';
import { PRERENDERED_FIRST_STEPS } from '../../domain/preselection.ts';
import { firstStepPageName } from '../../domain/wizard-paths.ts';

/**
 * What axe-core would find in a page's own words, on every page: the browser's axe run
 * (tests/e2e/accessibility.spec.ts) takes one page of each kind, and the pages of a kind share their
 * component but not their content. Rules of WCAG 2.2 A that need no layout: image-alt, link-name,
 * button-name, duplicate-id-aria, empty-heading.
 */

const labelledBy = (element: Element) =>
  (element.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => textOf(element.ownerDocument.getElementById(id)))
    .join(' ');

/** The accessible name as the site gives one: aria-label, aria-labelledby, its text, its images' alt, its title. */
const nameOf = (element: Element) =>
  [
    element.getAttribute('aria-label') ?? '',
    labelledBy(element),
    textOf(element),
    ...[...element.querySelectorAll('img[alt]')].map((image) => image.getAttribute('alt') ?? ''),
    element.getAttribute('title') ?? '',
  ]
    .join(' ')
    .trim();

const describeElement = (element: Element) => element.outerHTML.slice(0, 120);

function contentProblems(document: Document): string[] {
  const problems: string[] = [];
  for (const image of document.querySelectorAll('img:not([alt])'))
    problems.push(`image-alt: ${describeElement(image)}`);
  for (const link of document.querySelectorAll('a[href]')) {
    if (!link.closest('[aria-hidden="true"]') && nameOf(link) === '')
      problems.push(`link-name: ${describeElement(link)}`);
  }
  for (const button of document.querySelectorAll('button, [role="button"]')) {
    if (nameOf(button) === '') problems.push(`button-name: ${describeElement(button)}`);
  }
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')) {
    if (nameOf(heading) === '') problems.push(`empty-heading: ${describeElement(heading)}`);
  }
  const seen = new Set<string>();
  for (const element of document.querySelectorAll('[id]')) {
    if (seen.has(element.id)) problems.push(`duplicate-id: ${element.id}`);
    seen.add(element.id);
  }
  return problems;
}

describe.each([
  ...allPagePaths(),
  '_not-found.lv.html',
  '_not-found.ru.html',
  ...[...PRERENDERED_FIRST_STEPS.keys()].flatMap((key) => [
    `${firstStepPageName(key)}.lv.html`,
    `${firstStepPageName(key)}.ru.html`,
  ]),
])('%s', (path) => {
  it('names every image, link, button and heading, and repeats no id', () => {
    expect(contentProblems(path.startsWith('/') ? prerendered(path) : prerenderedFile(path))).toEqual([]);
  });
});
