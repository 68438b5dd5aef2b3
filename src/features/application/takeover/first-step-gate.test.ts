// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { firstMoveOn } from './first-step-gate.ts';

/** Whether `promise` has settled by the time the microtasks queued now have run. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

const prerenderedForm = () => {
  document.body.innerHTML = '<form><input name="firstname"><button>Send</button></form><a href="/">home</a>';
  return document.querySelector('form') as HTMLFormElement;
};

afterEach(() => {
  document.body.replaceChildren();
});

describe("the first step's gate", () => {
  it("waits for the person's first move on the page before the wizard's code is fetched", async () => {
    const form = prerenderedForm();
    const takeover = firstMoveOn(window, form);
    expect(await settledNow(takeover)).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(await settledNow(takeover)).toBe(true);
  });

  it('goes at once when the person is already in the form as its script arrives: that was the move', async () => {
    const form = prerenderedForm();
    form.querySelector('input')?.focus();
    expect(await settledNow(firstMoveOn(window, form))).toBe(true);
  });

  it('does not count a focus elsewhere on the page as a move on the form', async () => {
    const form = prerenderedForm();
    document.querySelector('a')?.focus();
    expect(await settledNow(firstMoveOn(window, form))).toBe(false);
  });
});
