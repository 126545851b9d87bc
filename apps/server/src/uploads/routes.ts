import { Readable } from 'node:stream';
import { apiErrorSchema, MEDIA_ID_HEADER, UPLOAD_CHUNK_BYTES, UPLOADS_PATH, uploadCompleteSchema } from '@aurum/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { UploadService } from './service.js';

/** The request as the tus server (a web-standard handler) takes it; the body stays a stream. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const withBody = request.method === 'POST' || request.method === 'PATCH';
  return new Request(new URL(request.url, 'http://aurum.invalid'), {
    method: request.method,
    headers,
    ...(withBody ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body.length > 0 ? body : undefined);
}

const params = z.object({ uploadId: z.string().regex(/^[\w-]{1,64}$/, 'Not a valid upload id') });
const emptyReply = z.null();

const PROTOCOL = `Resumable upload, tus protocol 1.0.0 (creation, creation-with-upload, creation-defer-length, termination, expiration). Send \`Tus-Resumable: 1.0.0\` on every request. Files up to ${UPLOAD_CHUNK_BYTES / 1024 / 1024} MiB go in the creation request (\`Content-Type: application/offset+octet-stream\`); larger ones in PATCH requests of that size. After a dropped connection or a reload, HEAD the upload URL and continue from its \`Upload-Offset\`. The request that completes the upload answers with the new media (also in the \`${MEDIA_ID_HEADER}\` header), or 415 \`unsupported_file_type\` when the file's bytes are not an image, video or audio. An upload that would take the user over their storage quota is refused with 413 \`storage_quota_exceeded\`: at creation when it declares its length, else when complete (see \`GET /api/media/usage\`).`;

/** tus endpoints for signed-in users: POST creates an upload, HEAD tells its offset, PATCH appends, DELETE abandons. */
export const uploadsRoutes: DomainRoutes<{ uploads: UploadService }> = async (app, { uploads }) => {
  await app.register(async (scope) => {
    // Upload bodies are raw bytes streamed into the upload store: nothing here may parse or buffer them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const relay = async (request: FastifyRequest, reply: FastifyReply, uploadId?: string) => {
      const { userId } = requireViewer(request);
      return sendWebResponse(reply, await uploads.handle(toWebRequest(request), userId, uploadId));
    };

    api.post(
      UPLOADS_PATH,
      {
        schema: {
          tags: ['uploads'],
          summary: 'Start a resumable upload (Upload-Length, optional Upload-Metadata filename); the Location header names it',
          description: PROTOCOL,
          response: { 201: uploadCompleteSchema.or(emptyReply), 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      (request, reply) => relay(request, reply),
    );
    api.route({
      method: 'HEAD',
      url: `${UPLOADS_PATH}/:uploadId`,
      schema: { tags: ['uploads'], summary: 'How much of an upload the server has (Upload-Offset)', description: PROTOCOL, params },
      handler: (request, reply) => relay(request, reply, request.params.uploadId),
    });
    api.patch(
      `${UPLOADS_PATH}/:uploadId`,
      {
        schema: {
          tags: ['uploads'],
          summary: 'Append bytes at Upload-Offset; the last chunk answers with the new media',
          description: PROTOCOL,
          params,
          response: { 200: uploadCompleteSchema, 204: emptyReply, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      (request, reply) => relay(request, reply, request.params.uploadId),
    );
    api.delete(
      `${UPLOADS_PATH}/:uploadId`,
      {
        schema: {
          tags: ['uploads'],
          summary: 'Abandon an unfinished upload',
          description: PROTOCOL,
          params,
          response: { 204: emptyReply },
        },
      },
      (request, reply) => relay(request, reply, request.params.uploadId),
    );
  });
};
