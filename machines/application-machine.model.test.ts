import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { applicationMachine, type ApplicationEvent, type ApplicationInput } from './application-machine.ts';
import {
  allStateNodes,
  definedTransitions,
  DELAYS,
  EVENTS,
  modelSteps,
  transitionKey,
} from './application-machine.test-model.ts';

/**
 * Model-based tests: xstate/graph walks the production machine, and every path it finds is played
 * against a real actor of that machine whose actors (HTTP) and delays are controlled by the test.
 * The suite then checks its own coverage: every state and every transition the machine defines
 * must have been taken, so one added without a path to it fails here.
 */

const coveredTransitions = new Set<string>();
const visitedStates = new Set<string>();
let paths = 0;

/** Plays one path on a real actor: the test answers its HTTP actors and moves its clock. */
async function play(input: ApplicationInput, events: readonly ApplicationEvent[], expected: readonly unknown[]) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const controlled = (id: string) =>
    fromPromise(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject })));
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        loadStatus: controlled('loadStatus') as never,
        submitApplication: controlled('submitApplication') as never,
        loadInstitutions: controlled('loadInstitutions') as never,
        startIdentification: controlled('startIdentification') as never,
        chooseOffer: controlled('chooseOffer') as never,
        watchStatus: fromCallback(() => () => undefined),
      },
    }),
    {
      input,
      inspect: (inspection: InspectionEvent) => {
        if (inspection.type !== '@xstate.microstep') return;
        for (const transition of inspection._transitions) {
          coveredTransitions.add(transitionKey(transition));
          // transient states (restoring, routing) are only ever seen as a transition's source
          visitedStates.add(transition.source.id);
        }
      },
    },
  );
  actor.subscribe((snapshot) => {
    for (const node of snapshot._nodes) visitedStates.add(node.id);
  });
  actor.start();
  for (const node of actor.getSnapshot()._nodes) visitedStates.add(node.id);

  for (const [index, event] of events.entries()) {
    const type = event.type as string;
    if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
      const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
      const waiting = pending.get(id);
      expect(waiting, `${id} is running before its outcome`).toBeDefined();
      pending.delete(id);
      if (type.startsWith('xstate.done')) waiting?.resolve((event as unknown as { output: unknown }).output);
      else waiting?.reject((event as unknown as { error: unknown }).error);
      await vi.advanceTimersByTimeAsync(0);
    } else if (type.startsWith('xstate.after.')) {
      const delay = type.split('.')[2] ?? '';
      await vi.advanceTimersByTimeAsync(DELAYS[delay] ?? 0);
    } else {
      actor.send(event);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(actor.getSnapshot().value, `after ${type}`).toEqual(expected[index]);
  }
  actor.stop();
  paths += 1;
}

describe('the application machine, walked by its model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const input of [
    { language: 'lv', token: null },
    { language: 'ru', token: 'saved-token' },
  ] satisfies ApplicationInput[]) {
    it(`takes every (state, event) step reachable ${input.token ? 'from a saved token' : 'from a fresh start'}`, async () => {
      // shortest path to every state, then every event from there: each transition at least once
      for (const step of modelSteps(EVENTS, input)) await play(input, step.events, step.expected);
    });
  }

  it('covered every state and every transition the machine defines', () => {
    const states = allStateNodes(applicationMachine.root).map((node) => node.id);
    expect(states.filter((id) => !visitedStates.has(id))).toEqual([]);
    const missing = [...definedTransitions()].filter((key) => !coveredTransitions.has(key));
    expect(missing).toEqual([]);
    expect(paths).toBeGreaterThan(50);
  });
});
