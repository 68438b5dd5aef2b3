import { describe, expect, it } from 'vitest';
import { ApiRequestError, type BrokerClient } from '../../api/broker-client.ts';
import { isApplicantWorkflowPath } from '../../tracking/storage-rules.ts';
import { HANDOFF_PARAM, handoffUrl, takeHandoff } from './handoff.ts';
import { locationOfPath } from '../../../domain/wizard-paths.ts';

const CODE = 'c'.repeat(43);
const TOKEN = 'T'.repeat(43);
const SITE = 'https://www.kreditkompass.lv';

/** A history that records what is done to it, in one log with the client's calls. */
function fakeHistory(log: string[], state: unknown = { key: 'entry' }) {
  const replaced: { data: unknown; url: string | URL | null | undefined }[] = [];
  const history: Pick<History, 'replaceState' | 'state'> = {
    state,
    replaceState(data, _unused, url) {
      log.push(`replace ${String(url)}`);
      replaced.push({ data, url });
    },
  };
  return { history, replaced };
}

/** A client whose redeem answers with `answer` (or fails with it) and logs the code it was given. */
function fakeClient(log: string[], answer: () => Promise<{ token: string }>): Pick<BrokerClient, 'redeemHandoff'> {
  return {
    redeemHandoff: async (code) => {
      log.push(`redeem ${code}`);
      return answer();
    },
  };
}

describe('the handoff link', () => {
  it("points at the wizard's waiting step in the language, with the code in the query", () => {
    expect(handoffUrl(SITE, 'lv', CODE)).toBe(`${SITE}/applicantWorkflow/waiting?handoff=${CODE}`);
    expect(handoffUrl(`${SITE}/`, 'ru', CODE)).toBe(`${SITE}/ru/applicantWorkflow/waiting?handoff=${CODE}`);
  });

  it('lands on a workflow path, where the token the code brings may be kept', () => {
    for (const lang of ['lv', 'ru'] as const) {
      const url = new URL(handoffUrl(SITE, lang, CODE));
      expect(isApplicantWorkflowPath(url.pathname)).toBe(true);
      expect(locationOfPath(url.pathname)).toEqual({ lang, base: 'applicantWorkflow', step: 'waiting' });
      expect(url.searchParams.get(HANDOFF_PARAM)).toBe(CODE);
    }
  });
});

describe('taking a handoff', () => {
  it('does nothing without a code in the address', async () => {
    const log: string[] = [];
    const { history } = fakeHistory(log);
    const client = fakeClient(log, async () => ({ token: TOKEN }));
    expect(await takeHandoff(new URL(`${SITE}/applicantWorkflow/waiting?utm_source=x`), history, client)).toBeNull();
    expect(log).toEqual([]);
  });

  it('takes the code out of the address before redeeming it, and answers the token', async () => {
    const log: string[] = [];
    const { history, replaced } = fakeHistory(log);
    const client = fakeClient(log, async () => ({ token: TOKEN }));
    const token = await takeHandoff(
      new URL(`${SITE}/ru/applicantWorkflow/waiting?utm_source=x&handoff=${CODE}#top`),
      history,
      client,
    );
    expect(token).toBe(TOKEN);
    expect(log).toEqual(['replace /ru/applicantWorkflow/waiting?utm_source=x#top', `redeem ${CODE}`]);
    // the entry's own state stays as it was
    expect(replaced[0]?.data).toEqual({ key: 'entry' });
  });

  it('leaves no empty query behind when the code was all there was', async () => {
    const log: string[] = [];
    const { history } = fakeHistory(log, null);
    await takeHandoff(
      new URL(`${SITE}/applicantWorkflow/waiting?handoff=${CODE}`),
      history,
      fakeClient(log, async () => ({ token: TOKEN })),
    );
    expect(log[0]).toBe('replace /applicantWorkflow/waiting');
  });

  it('answers null for a spent or expired code, or when the broker cannot be reached, with the address cleaned all the same', async () => {
    for (const failure of [
      new ApiRequestError({ status: 400, code: 'handoffExpired', message: 'spent' }),
      new ApiRequestError({ status: null, code: 'network', message: 'unreachable' }),
    ]) {
      const log: string[] = [];
      const { history } = fakeHistory(log);
      const client = fakeClient(log, () => Promise.reject(failure));
      expect(
        await takeHandoff(new URL(`${SITE}/applicantWorkflow/waiting?handoff=${CODE}`), history, client),
      ).toBeNull();
      expect(log).toEqual(['replace /applicantWorkflow/waiting', `redeem ${CODE}`]);
    }
  });

  it('does not ask the broker about a code that cannot be one', async () => {
    for (const code of ['', 'short', `${CODE}x`, `${CODE.slice(1)}!`]) {
      const log: string[] = [];
      const { history } = fakeHistory(log);
      const url = new URL(`${SITE}/applicantWorkflow/waiting`);
      url.searchParams.set(HANDOFF_PARAM, code);
      expect(
        await takeHandoff(
          url,
          history,
          fakeClient(log, async () => ({ token: TOKEN })),
        ),
      ).toBeNull();
      expect(log).toEqual(['replace /applicantWorkflow/waiting']);
    }
  });
});
