import { describe, expect, it } from 'vitest';
import type { Broker } from '../broker.ts';
import { applicationIdForToken, knownApplicationId, rememberToken } from './lookup.ts';

/** A broker whose database counts the statements it is asked and finds nothing. */
function countingBroker() {
  const statements: string[] = [];
  const broker = {
    db: {
      query: (text: string) => {
        statements.push(text);
        return Promise.resolve({ rows: [] });
      },
    },
  } as unknown as Broker;
  return { broker, statements };
}

describe('token lookup', () => {
  it('answers a token this process issued without asking the database, until it expires', async () => {
    const { broker, statements } = countingBroker();
    rememberToken('issued-token', 'application-1', new Date(Date.now() + 60_000));
    expect(await applicationIdForToken(broker, 'issued-token')).toBe('application-1');
    expect(knownApplicationId('issued-token')).toBe('application-1');
    expect(statements).toEqual([]);

    rememberToken('expired-token', 'application-2', new Date(Date.now() - 1));
    await expect(applicationIdForToken(broker, 'expired-token')).rejects.toMatchObject({ reason: 'unknownToken' });
    expect(knownApplicationId('expired-token')).toBeUndefined();
  });

  it('asks the database for a token it has not seen, and refuses one the database does not know', async () => {
    const { broker, statements } = countingBroker();
    await expect(applicationIdForToken(broker, 'never-seen')).rejects.toMatchObject({ reason: 'unknownToken' });
    // the applications, then the tokens "log out everywhere" replaced (which would answer tokenRevoked)
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/FROM revoked_tokens/);
  });
});
