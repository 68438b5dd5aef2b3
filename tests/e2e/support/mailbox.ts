import { expect, type APIRequestContext } from '@playwright/test';

/** A message in the sandbox's mailbox (a real SMTP server the broker sends to). */
export interface Mail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** The messages to `to`, newest first. */
export const mailbox = async (request: APIRequestContext, to: string): Promise<Mail[]> =>
  (await (await request.get(`/sandbox/mail/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[];

/** The messages to `to` once there are at least `count`, newest first. */
export async function waitForMail(request: APIRequestContext, to: string, count: number): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        found = await mailbox(request, to);
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}
