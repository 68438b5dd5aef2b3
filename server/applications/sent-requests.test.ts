import { describe, expect, it } from 'vitest';
import { createSentRequests } from './sent-requests.ts';

describe('the requests a process sent', () => {
  it('finds a request once, then leaves a repeated answer to the database', () => {
    const sent = createSentRequests();
    sent.remember('r1', { applicationId: 'a1', lenderId: 'l1' });
    expect(sent.take('r1')).toEqual({ applicationId: 'a1', lenderId: 'l1' });
    expect(sent.take('r1')).toBeUndefined();
    expect(sent.take('unknown')).toBeUndefined();
  });

  it('forgets the oldest beyond its size, so memory stays flat', () => {
    const sent = createSentRequests(2);
    for (const id of ['r1', 'r2', 'r3']) sent.remember(id, { applicationId: `a-${id}`, lenderId: 'l' });
    expect(sent.take('r1')).toBeUndefined();
    expect(sent.take('r2')?.applicationId).toBe('a-r2');
    expect(sent.take('r3')?.applicationId).toBe('a-r3');
  });
});
