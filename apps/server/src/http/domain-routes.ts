import type { FastifyInstance } from 'fastify';

/** A domain's routes; they receive only the services they use, which app.ts hands them. */
export type DomainRoutes<Services> = (app: FastifyInstance, services: Services) => void | Promise<void>;
