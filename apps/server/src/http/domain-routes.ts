import { apiErrorSchema } from '@aurum/core';
import type { FastifyInstance } from 'fastify';

/** A domain's routes; they receive only the services they use, which app.ts hands them. */
export type DomainRoutes<Services> = (app: FastifyInstance, services: Services) => void | Promise<void>;

/** The refusals a route's schema lists when it can answer each of them: all in the error shape. */
export const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
