import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { only, prerenderedFile } from './support/prerendered.ts';

/**
 * The pages a publisher frames (the widgets) and the small pages their tabs land on: a link in them opens a
 * tab, so no frame is ever navigated to a page of the site, which refuses to be framed.
 */
const FRAME_PAGES = readdirSync(join(import.meta.dirname, '../../dist/client')).filter((name) =>
  /^_widget-.+\.html$/.test(name),
);

describe.each(FRAME_PAGES)('%s', (name) => {
  it('opens every link without a target of its own in a new tab', () => {
    const document = prerenderedFile(name);
    expect(only(document.head, 'base').getAttribute('target')).toBe('_blank');
    expect(only(document.head, 'base').hasAttribute('href')).toBe(false);
  });
});

it('finds the application and calculator widgets among the frame pages', () => {
  expect(FRAME_PAGES).toEqual(
    expect.arrayContaining([
      '_widget-application.lv.html',
      '_widget-application.ru.html',
      '_widget-calculator.lv.html',
      '_widget-calculator.ru.html',
    ]),
  );
});
