import { expect, type Locator } from '@playwright/test';

/**
 * Waits until a widget's iframe stands still on the host page: after a step change or a reload the frame resizes
 * and the host may bring its top into view, and a click computed before that move lands beside the frame.
 */
export async function widgetStandsStill(iframe: Locator): Promise<void> {
  let previous = '';
  await expect(async () => {
    const box = JSON.stringify(await iframe.evaluate((element) => element.getBoundingClientRect().toJSON()));
    const still = box === previous;
    previous = box;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(still).toBe(true);
  }).toPass();
}

/**
 * Presses an offer's choose button inside a widget and waits for the chosen step. The offers step's
 * arrival makes the host bring the widget's top into view (a `resize` with `newStep`), which may come
 * just after the test has scrolled to the button: a click then lands on the host page, not in the
 * frame (seen under load: no pointer event reached the frame). So the click waits until the iframe
 * stands still on the page; should one still be lost, the choice is made by keyboard, as
 * keyboard.spec does, and the run prints that it was.
 */
export async function chooseInWidget(
  iframe: Locator,
  button: Locator,
  heading: Locator,
  chosenStep: string,
): Promise<void> {
  await widgetStandsStill(iframe);
  await button.click();
  try {
    await expect(heading).toHaveText(chosenStep, { timeout: 5_000 });
  } catch {
    console.log('the click on the offer was lost in the widget; choosing by keyboard');
    await button.focus();
    await button.press('Enter');
    await expect(heading).toHaveText(chosenStep);
  }
}
