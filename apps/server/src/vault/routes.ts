import {
  apiErrorSchema,
  BLURRED_DERIVATIVES,
  DERIVATIVE_KINDS,
  type DerivativeKind,
  entityIdSchema,
  vaultDeleteQuerySchema,
  vaultFolderInputSchema,
  vaultFolderSchema,
  vaultFoldersSchema,
  vaultPageSchema,
  vaultQuerySchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { OPEN_IMAGE_CACHE, PROTECTED_CACHE, sendMediaBytes } from '../media/media-delivery.js';
import type { VaultService } from './service.js';

const tags = ['vault'];
const itemParams = z.object({ mediaId: entityIdSchema });
const folderParams = z.object({ folderId: entityIdSchema });
const folderItemParams = z.object({ folderId: entityIdSchema, mediaId: entityIdSchema });
const failures = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const noContent = { 204: z.null(), ...failures };

/** Creators only, about their own uploads. */
export const vaultRoutes: DomainRoutes<{ vault: VaultService }> = (app, { vault }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me/vault',
    {
      schema: {
        tags,
        summary:
          "The creator's uploads, newest first, with where each is used; by kind, use (posts, messages, mass_messages, unused) and folder",
        querystring: vaultQuerySchema,
        response: { 200: vaultPageSchema, ...failures },
      },
    },
    async (request) => vault.list(requireCreator(request).userId, request.query),
  );

  api.get(
    '/api/me/vault/folders',
    {
      schema: {
        tags,
        summary: "The creator's vault folders, by name, with how many items each holds",
        response: { 200: vaultFoldersSchema, ...failures },
      },
    },
    async (request) => vault.folders(requireCreator(request).userId),
  );

  api.post(
    '/api/me/vault/folders',
    {
      schema: {
        tags,
        summary: 'A new vault folder (409 vault_folder_name_taken, vault_folder_limit)',
        body: vaultFolderInputSchema,
        response: { 201: vaultFolderSchema, ...failures, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await vault.createFolder(requireCreator(request).userId, request.body.name)),
  );

  api.patch(
    '/api/me/vault/folders/:folderId',
    {
      schema: {
        tags,
        summary: 'Renames a vault folder',
        params: folderParams,
        body: vaultFolderInputSchema,
        response: { 200: vaultFolderSchema, ...failures, 409: apiErrorSchema },
      },
    },
    async (request) => vault.renameFolder(requireCreator(request).userId, request.params.folderId, request.body.name),
  );

  api.delete(
    '/api/me/vault/folders/:folderId',
    { schema: { tags, summary: 'Deletes a vault folder; its items stay in the vault', params: folderParams, response: noContent } },
    async (request, reply) => {
      await vault.deleteFolder(requireCreator(request).userId, request.params.folderId);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/api/me/vault/folders/:folderId/items/:mediaId',
    { schema: { tags, summary: 'Puts one of the creator’s items in one of their folders', params: folderItemParams, response: noContent } },
    async (request, reply) => {
      await vault.addToFolder(requireCreator(request).userId, request.params.folderId, request.params.mediaId);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/me/vault/folders/:folderId/items/:mediaId',
    { schema: { tags, summary: 'Takes an item out of a folder (it stays in the vault)', params: folderItemParams, response: noContent } },
    async (request, reply) => {
      await vault.removeFromFolder(requireCreator(request).userId, request.params.folderId, request.params.mediaId);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/me/vault/:mediaId',
    {
      schema: {
        tags,
        summary:
          'Deletes an item: refused while used (409 media_in_use, saying where) unless everywhere=true, which takes it out of every post, message and mass message; 409 media_held_as_evidence while a report or admin action names it',
        params: itemParams,
        querystring: vaultDeleteQuerySchema,
        response: { ...noContent, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await vault.remove(requireCreator(request).userId, request.params.mediaId, request.query.everywhere);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/me/vault/:mediaId/:kind',
    {
      schema: {
        tags,
        summary: 'A derivative of one of the creator’s items, for its owner only. Supports Range.',
        params: itemParams.extend({ kind: z.enum(DERIVATIVE_KINDS) }),
        response: { 404: apiErrorSchema, 416: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { mediaId, kind } = request.params;
      const ownerId = requireCreator(request).userId;
      const blurred = (BLURRED_DERIVATIVES as readonly DerivativeKind[]).includes(kind);
      return sendMediaBytes(
        request,
        reply,
        (range) => vault.open(ownerId, mediaId, kind, range),
        blurred ? OPEN_IMAGE_CACHE : PROTECTED_CACHE,
      );
    },
  );
};
