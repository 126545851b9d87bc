import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before its request's body has all arrived (an unsupported media type, a
 * refusal before the upload is read) closes the connection. Keeping it alive would leave the
 * rest of that body to be read as the next request, or, when the client stops sending it once
 * answered, make the server read the client's next request as the missing body bytes: that
 * request is never answered. Closing tells the client to send it on a new connection.
 */
export function registerEarlyAnswerClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
