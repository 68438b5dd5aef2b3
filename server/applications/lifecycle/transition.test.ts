import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  LIFECYCLE_EVENTS,
  nextState,
  type ApplicationState,
  type LifecycleEvent,
} from '../../../domain/application-lifecycle.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { changesStateSql, mayStartSql, setStateSql } from './transition.ts';

/**
 * The SQL the transition module generates says what the lifecycle's model says: evaluated by the database for
 * every stored state and every event that writes a state, the condition holds exactly where the model allows the
 * event, and the state written is the model's target.
 */
describe('the SQL of the lifecycle', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
  });
  afterAll(async () => db.close());

  /** Events that write a state (received inserts, erased deletes). */
  const WRITING = LIFECYCLE_EVENTS.filter((event) => event !== 'received' && event !== 'erased');

  it.each(WRITING)('%s from every stored state', async (event) => {
    // the SET item's expression, evaluated on each state given as the column
    const target = setStateSql(event, 's.state').replace(/^state = /, '');
    const { rows } = await db.query<{
      state: ApplicationState;
      allowed: boolean;
      target: string | null;
      changes: boolean;
    }>(
      `SELECT s.state, ${mayStartSql(event, 's.state')} AS allowed,
         CASE WHEN ${mayStartSql(event, 's.state')} THEN ${target} END AS target,
         ${changesStateSql(event, 's.state')} AS changes
       FROM unnest($1::text[]) WITH ORDINALITY AS s(state, position) ORDER BY s.position`,
      [APPLICATION_STATES],
    );
    expect(rows).toEqual(
      APPLICATION_STATES.map((state) => {
        const answer = nextState(state, event);
        return {
          state,
          allowed: answer.allowed,
          target: answer.allowed ? answer.to : null,
          changes: answer.allowed ? answer.to !== state : expect.any(Boolean),
        };
      }),
    );
  });

  it('refuses to write a state for an event that deletes the application', () => {
    expect(() => setStateSql('erased' satisfies LifecycleEvent)).toThrow(/deletes the application/);
  });
});
