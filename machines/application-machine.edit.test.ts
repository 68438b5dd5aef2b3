import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { SubmitApplicationBody } from '../domain/api.ts';
import { validApplication } from '../tests/fixtures/application.ts';
import { applicationMachine } from './application-machine.ts';

/** "Labot pieteikumu": the edited application, sent again, names the one it replaces (one receipt per attempt). */
describe('editing the application before the identification', () => {
  it('sends the edit with the token of the application it replaces, and a new application without one', async () => {
    const submitted: SubmitApplicationBody[] = [];
    const tokens = ['a'.repeat(43), 'b'.repeat(43)];
    const actor = createActor(
      applicationMachine.provide({
        actors: {
          submitApplication: fromPromise(async ({ input }: { input: { body: SubmitApplicationBody } }) => {
            submitted.push(input.body);
            return { token: tokens[submitted.length - 1] ?? '', expiresAt: '2026-12-31T00:00:00.000Z' };
          }) as never,
          loadInstitutions: fromPromise(async () => []) as never,
          watchStatus: fromCallback(() => () => undefined),
        },
      }),
      { input: { language: 'lv', token: null } },
    );
    actor.start();
    const body: SubmitApplicationBody = { language: 'lv', application: validApplication };
    const submit = async () => {
      actor.send({ type: 'SUBMIT', body, idempotencyKey: 'k'.repeat(32) });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(actor.getSnapshot().matches('choosingMethod')).toBe(true);
    };

    await submit();
    expect(submitted[0]).not.toHaveProperty('replaces');
    actor.send({ type: 'EDIT_APPLICATION' });
    expect(actor.getSnapshot().matches('enteringEssence')).toBe(true);
    expect(actor.getSnapshot().context.token).toBeNull();
    await submit();
    expect(submitted[1]).toMatchObject({ replaces: tokens[0] });
    // edited twice: the second edit replaces the first edit
    actor.send({ type: 'EDIT_APPLICATION' });
    await submit();
    expect(submitted[2]).toMatchObject({ replaces: tokens[1] });
    actor.stop();
  });
});
