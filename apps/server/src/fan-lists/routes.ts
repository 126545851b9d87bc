import {
  apiErrorSchema,
  entityIdSchema,
  fanDetailsSchema,
  fanListInputSchema,
  fanListMembersPageSchema,
  fanListMembersQuerySchema,
  fanListRefSchema,
  fanListSummarySchema,
  fanListsQuerySchema,
  fanListsSchema,
  fanNoteInputSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { FanListsService } from './service.js';

const tags = ['fan lists'];
const listParams = z.object({ listId: entityIdSchema });
const memberParams = z.object({ listId: entityIdSchema, userId: entityIdSchema });
const fanParams = z.object({ userId: entityIdSchema });
const failures = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Creators only, about their own fans and lists. */
export const fanListsRoutes: DomainRoutes<{ fanLists: FanListsService }> = (app, { fanLists }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me/fan-lists',
    {
      schema: {
        tags,
        summary: "The creator's fan lists with their counts: built-in lists, one per active plan, then their own (ended: over `days` days)",
        querystring: fanListsQuerySchema,
        response: { 200: fanListsSchema, ...failures },
      },
    },
    async (request) => fanLists.lists(requireCreator(request).userId, request.query.days),
  );

  api.post(
    '/api/me/fan-lists',
    {
      schema: {
        tags,
        summary: 'A new list of the creator’s own, empty (409 fan_list_name_taken, fan_list_limit)',
        body: fanListInputSchema,
        response: { 201: fanListSummarySchema, ...failures, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await fanLists.create(requireCreator(request).userId, request.body.name)),
  );

  api.patch(
    '/api/me/fan-lists/:listId',
    {
      schema: {
        tags,
        summary: 'Renames one of the creator’s own lists',
        params: listParams,
        body: fanListInputSchema,
        response: { 200: fanListSummarySchema, ...failures, 409: apiErrorSchema },
      },
    },
    async (request) => fanLists.rename(requireCreator(request).userId, request.params.listId, request.body.name),
  );

  api.delete(
    '/api/me/fan-lists/:listId',
    {
      schema: {
        tags,
        summary: 'Deletes one of the creator’s own lists (its fans stay fans)',
        params: listParams,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await fanLists.remove(requireCreator(request).userId, request.params.listId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/me/fan-lists/:ref/members',
    {
      schema: {
        tags,
        summary:
          'A page of one list’s fans (ref: subscribers, never_subscribed, top_spenders, tippers, ended:<days>, plan:<id>, list:<id>), searched by handle or name',
        params: z.object({ ref: fanListRefSchema }),
        querystring: fanListMembersQuerySchema,
        response: { 200: fanListMembersPageSchema, ...failures },
      },
    },
    async (request) => fanLists.members(requireCreator(request).userId, request.params.ref, request.query),
  );

  api.put(
    '/api/me/fan-lists/:listId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Puts a fan on one of the creator’s own lists',
        params: memberParams,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await fanLists.addMember(requireCreator(request).userId, request.params.listId, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/me/fan-lists/:listId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Takes a fan off one of the creator’s own lists',
        params: memberParams,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await fanLists.removeMember(requireCreator(request).userId, request.params.listId, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/me/fans/:userId/details',
    {
      schema: {
        tags,
        summary: 'What the creator keeps about one fan: their private note and which of their own lists hold the fan',
        params: fanParams,
        response: { 200: fanDetailsSchema, ...failures },
      },
    },
    async (request) => fanLists.details(requireCreator(request).userId, request.params.userId),
  );

  api.put(
    '/api/me/fans/:userId/note',
    {
      schema: {
        tags,
        summary: 'Writes the creator’s private note about a fan (an empty note removes it)',
        params: fanParams,
        body: fanNoteInputSchema,
        response: { 200: fanDetailsSchema, ...failures },
      },
    },
    async (request) => fanLists.setNote(requireCreator(request).userId, request.params.userId, request.body.text),
  );
};
