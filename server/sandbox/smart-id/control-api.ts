import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatPersonalCode } from '../../../domain/personal-code.ts';
import { SMART_ID_API_END_RESULTS } from '../../identity/smart-id-client.ts';
import { personNameSchema, type SessionStore } from './session-store.ts';

/**
 * JSON routes with which tests answer sessions the way a tester does in the phone app, without scraping its page:
 *
 *   POST {prefix}/control/sessions/:sessionId   JSON { endResult, givenName?, surname? } → { state, endResult }
 *   POST {prefix}/control/find                  JSON { personalCode } → { sessionIds } (running sessions)
 */

const controlBodySchema = z.object({
  endResult: z.enum(SMART_ID_API_END_RESULTS),
  givenName: personNameSchema.optional(),
  surname: personNameSchema.optional(),
});
const findBodySchema = z.object({ personalCode: z.string().max(20) });

export function registerControlApi(sid: FastifyInstance, sessions: SessionStore): void {
  sid.post<{ Params: { sessionId: string } }>('/control/sessions/:sessionId', (request, reply) => {
    const body = controlBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request' });
    const session = sessions.get(request.params.sessionId);
    if (!session) return reply.code(404).send({ error: 'not_found' });
    if (!sessions.complete(session, body.data.endResult, body.data.givenName, body.data.surname)) {
      return reply.code(409).send({ error: 'not_running' });
    }
    return reply.send({ state: 'COMPLETE', endResult: body.data.endResult });
  });

  sid.post('/control/find', (request, reply) => {
    const body = findBodySchema.safeParse(request.body);
    const personalCode = body.success ? formatPersonalCode(body.data.personalCode) : null;
    if (!personalCode) return reply.code(400).send({ error: 'bad_request' });
    const sessionIds = sessions
      .running()
      .filter((session) => session.personalCode === personalCode)
      .map((session) => session.id);
    return reply.send({ sessionIds });
  });
}
