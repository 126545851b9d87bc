import { ageGenderSchema, imagesBioSchema, onboardingStateSchema, startVerificationSchema, verificationSessionSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { CreatorsService } from './service.js';

export const creatorsRoutes: DomainRoutes<{ creators: CreatorsService }> = (app, { creators }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['creators'];

  api.get(
    '/api/creator/onboarding',
    {
      schema: {
        tags,
        summary: 'Creator sign-up progress: each step with its status, the next step and what was saved',
        response: { 200: onboardingStateSchema },
      },
    },
    async (request) => creators.getOnboarding(requireViewer(request).userId),
  );

  api.post(
    '/api/creator/onboarding/start',
    {
      schema: {
        tags,
        summary: 'Start creator sign-up (again: no change)',
        description: 'Needs completed registration (403 registration_incomplete).',
        response: { 200: onboardingStateSchema },
      },
    },
    async (request) => creators.start(requireViewer(request).userId),
  );

  api.put(
    '/api/creator/onboarding/age-gender',
    {
      schema: {
        tags,
        summary: 'Save date of birth and gender',
        description: 'Refused with 422 creator_under_age under 18; 409 onboarding_not_started before start.',
        body: ageGenderSchema,
        response: { 200: onboardingStateSchema },
      },
    },
    async (request) => creators.saveAgeGender(requireViewer(request).userId, request.body),
  );

  api.put(
    '/api/creator/onboarding/images-bio',
    {
      schema: {
        tags,
        summary: 'Save bio, avatar and cover',
        description:
          "Images are media ids of the user's own uploaded images: omit to keep, null to remove. Others' media: 404 media_not_found; not an image: 422 media_not_image.",
        body: imagesBioSchema,
        response: { 200: onboardingStateSchema },
      },
    },
    async (request) => creators.saveImagesBio(requireViewer(request).userId, request.body),
  );

  api.post(
    '/api/creator/onboarding/verification',
    {
      schema: {
        tags,
        summary: 'Start identity and age verification; send the user to the returned url',
        description:
          'The provider sends the user back to returnPath (default /creator/signup/verify-identity) and reports the result by webhook. Needs age and gender saved first (409 onboarding_step_required).',
        body: startVerificationSchema.optional(),
        response: { 201: verificationSessionSchema },
      },
    },
    async (request, reply) => {
      const session = await creators.startVerification(requireViewer(request).userId, request.body ?? {});
      return reply.status(201).send(session);
    },
  );
};
