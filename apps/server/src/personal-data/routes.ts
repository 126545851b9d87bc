import {
  adminActionSchema,
  adminUserParamsSchema,
  apiErrorSchema,
  dataExportDownloadQuerySchema,
  dataExportParamsSchema,
  dataExportSchema,
  latestDataExportSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API_PREFIX, requireAdmin, requireViewer } from '../access/access.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import type { PersonalDataService } from './service.js';

const tags = ['personal-data'];

export const personalDataRoutes: DomainRoutes<{ personalData: PersonalDataService }> = (app, { personalData }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/me/data-export',
    {
      schema: {
        tags,
        summary: 'Ask for a download of your data; it is prepared in the background and the link is e-mailed',
        description: '409 data_export_pending while an earlier one is being prepared.',
        response: { 202: dataExportSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await personalData.requestExport(requireViewer(request).userId)),
  );

  api.get(
    '/api/me/data-export',
    {
      schema: {
        tags,
        summary: 'Your latest download of your data and its state',
        response: { 200: latestDataExportSchema, 401: apiErrorSchema },
      },
    },
    async (request) => personalData.latestExport(requireViewer(request).userId),
  );

  api.get(
    '/api/me/data-exports/:exportId/download',
    {
      schema: {
        tags,
        summary: 'Download your data through the e-mailed link (JSON file); only its owner, signed in, can',
        description:
          "404 for anyone else's export, 403 data_export_link_invalid for a link this server did not sign, 410 data_export_expired after the link's time.",
        params: dataExportParamsSchema,
        querystring: dataExportDownloadQuerySchema,
        response: { 200: z.unknown().describe('The data as a JSON file (application/json, attachment)'), ...refusals, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await personalData.download(requireViewer(request).userId, request.params.exportId, request.query);
      return reply
        .type('application/json')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  api.post(
    `${ADMIN_API_PREFIX}users/:userId/anonymise`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags: ['admin'],
        summary: "Admins only: replaces a deleted account's personal data (payments, ledger and audit stay; audited)",
        description: '409 account_not_deleted for an account its owner did not delete. Repeating it changes nothing.',
        params: adminUserParamsSchema,
        body: adminActionSchema,
        response: {
          200: z.object({ userId: z.string(), anonymisedAt: z.iso.datetime({ offset: true }) }),
          ...refusals,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      personalData.anonymise(
        { adminId: requireAdmin(request).userId, requestId: request.id, reason: request.body.reason },
        request.params.userId,
      ),
  );
};
