import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cancelAccountCallRequest,
  cancelCallRequest,
  createAccountCallRequest,
  createCallRequest,
  getAccountCallRequest,
  getCallRequest,
  listConsultantSlots,
  moveAccountCallRequest,
  moveCallRequest,
} from '../../domain/contract/call-requests.ts';
import { applicationOfPerson } from '../account/account.ts';
import { callRequestOf, cancelCall, consultantSlots, moveCall, requestCall } from '../applications/call-requests.ts';
import { applicationIdForToken } from '../applications/lookup.ts';
import { Refusal } from '../applications/refusal.ts';
import type { Broker } from '../broker.ts';
import { route } from './route.ts';
import { perMinute, perMinuteOfBody } from './route-options.ts';

/** "Ask a consultant to call me" (issue 34), with the application's token. */
export function registerCallRequestRoutes(app: FastifyInstance, broker: Broker): void {
  // the slots change with the clock, each half hour: a minute's cache is never a slot late for long
  route(app, listConsultantSlots, { config: perMinute(broker, 60) }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=60');
    return consultantSlots();
  });

  const privately = {
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };

  route(app, getCallRequest, { config: perMinuteOfBody(broker, 60), ...privately }, async (request) =>
    callRequestOf(broker, await applicationIdForToken(broker, request.body.token)),
  );

  route(app, createCallRequest, { config: perMinuteOfBody(broker, 10), ...privately }, async (request, reply) => {
    const { token, slotStart, question } = request.body;
    const answer = await requestCall(broker, await applicationIdForToken(broker, token), slotStart, question);
    return reply.status(201).send(answer);
  });

  route(app, moveCallRequest, { config: perMinuteOfBody(broker, 10), ...privately }, async (request) =>
    moveCall(broker, await applicationIdForToken(broker, request.body.token), request.body.slotStart),
  );

  route(app, cancelCallRequest, { config: perMinuteOfBody(broker, 10) }, async (request, reply) => {
    await cancelCall(broker, await applicationIdForToken(broker, request.body.token));
    return reply.status(204).send(null);
  });
}

/** The same from the account, for one of the person's applications; `requireSession` is the account's check. */
export function registerAccountCallRequestRoutes(
  app: FastifyInstance,
  broker: Broker,
  requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  const privately = {
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };
  const applicationOf = (request: FastifyRequest<{ Params: { id: string } }>) => {
    if (!request.accountSession) throw new Refusal('notLoggedIn');
    return applicationOfPerson(broker, request.accountSession.personKey, request.params.id);
  };

  route(
    app,
    getAccountCallRequest,
    { preHandler: requireSession, config: perMinute(broker, 60), ...privately },
    async (request) => callRequestOf(broker, await applicationOf(request)),
  );

  route(
    app,
    createAccountCallRequest,
    { preHandler: requireSession, config: perMinuteOfBody(broker, 10), ...privately },
    async (request, reply) => {
      const { slotStart, question } = request.body;
      return reply.status(201).send(await requestCall(broker, await applicationOf(request), slotStart, question));
    },
  );

  route(
    app,
    moveAccountCallRequest,
    { preHandler: requireSession, config: perMinuteOfBody(broker, 10), ...privately },
    async (request) => moveCall(broker, await applicationOf(request), request.body.slotStart),
  );

  route(
    app,
    cancelAccountCallRequest,
    { preHandler: requireSession, config: perMinuteOfBody(broker, 10) },
    async (request, reply) => {
      await cancelCall(broker, await applicationOf(request));
      return reply.status(204).send(null);
    },
  );
}
