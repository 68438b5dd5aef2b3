import { expect, test, type Page } from '@playwright/test';
import { PUBLISHER_PORT } from '../../playwright.config.ts';
import { WORDS } from './support/applicant.ts';

/**
 * WCAG 2.2, 2.4.11 (focus not obscured) inside the application widget on a publisher's page of another origin: a
 * tick box or a radio that the keyboard reaches below the host's screen is brought into view whole, not by its top
 * few pixels. react-aria keeps the real input hidden inside the label; the host page scrolls only as far as that
 * input, so the label is what must be inside the host's viewport.
 */
const ARTICLE = `http://127.0.0.1:${PUBLISHER_PORT}/article-application.html`;
const PHONE = { width: 375, height: 667 };
const STOPS = 90;

interface Stop {
  readonly kind: 'checkbox' | 'radio';
  readonly label: string;
  readonly top: number;
  readonly bottom: number;
}

/** The focused tick box or radio of the widget, as the host's viewport sees its label; null for other controls. */
async function focusedChoice(page: Page): Promise<Stop | null> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/widget/v1/application'));
  if (!frame) throw new Error('the application widget has no frame');
  const kind = await frame.evaluate(() => {
    document.querySelector('[data-focus-probe]')?.removeAttribute('data-focus-probe');
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement) || (active.type !== 'checkbox' && active.type !== 'radio')) return null;
    active.closest('label')?.setAttribute('data-focus-probe', '');
    return active.type;
  });
  if (kind === null) return null;
  const label = frame.locator('[data-focus-probe]');
  // the frame's box, as the host page lays it out: Playwright gives it relative to the host's viewport
  const box = await label.boundingBox();
  if (!box) throw new Error('the focused control has no box');
  return {
    kind: kind === 'radio' ? 'radio' : 'checkbox',
    label: (await label.innerText()).trim().slice(0, 40),
    top: box.y,
    bottom: box.y + box.height,
  };
}

for (const lang of ['lv', 'ru'] as const) {
  test(`${lang}: every tick box and radio the keyboard reaches in the widget comes into the host's view whole`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(lang === 'ru' ? `${ARTICLE}?lang=ru` : ARTICLE);
    const widget = page.frameLocator('#application iframe');
    await expect(widget.getByRole('button', { name: WORDS[lang].form.submit })).toBeVisible();

    const seen: Stop[] = [];
    const hidden: string[] = [];
    for (let stop = 0; stop < STOPS; stop++) {
      await page.keyboard.press('Tab');
      const choice = await focusedChoice(page);
      if (!choice) continue;
      seen.push(choice);
      // the frame asks the host page to scroll, across processes: what counts is where the label settles
      // scrolled flush with an edge, the label may overhang it by a fraction of a pixel
      const inView = (at: Stop | null) => at !== null && at.top >= -0.5 && at.bottom <= PHONE.height + 0.5;
      let settled: Stop | null = choice;
      try {
        await expect.poll(async () => inView((settled = await focusedChoice(page))), { timeout: 5000 }).toBe(true);
      } catch {
        const at = settled ?? choice;
        hidden.push(`${at.kind} "${at.label}": ${at.top.toFixed(1)}–${at.bottom.toFixed(1)} px`);
      }
    }
    // the walk met both kinds of control, below the first screen too, so the check above was made
    expect(seen.some((stop) => stop.kind === 'checkbox')).toBe(true);
    expect(seen.some((stop) => stop.kind === 'radio')).toBe(true);
    expect(hidden, `labels not wholly inside the host's ${PHONE.height} px viewport`).toEqual([]);
  });
}
