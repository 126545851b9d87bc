import {
  addPasskeySchema,
  apiErrorSchema,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  secondFactorAnswerSchema,
  secondFactorStatusSchema,
  totpCodeSchema,
  totpSetupSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { describeDevice } from '../sessions/device.js';
import type { SecondFactors } from './service.js';

const PREFIX = '/api/me/second-factor';
const refused = { 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const addedSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });

/** What names a passkey the member did not name: the device it was made on ("Chrome on Android"). */
const deviceLabel = (userAgent: string | undefined) => {
  const { browser, os } = describeDevice(userAgent ?? null);
  return [browser?.replace(/ \d+$/, ''), os?.replace(/ [\d.]+$/, '')].filter(Boolean).join(' on ') || 'Passkey';
};

/**
 * The member's second factors: passkeys, an authenticator app and recovery codes, and the
 * fresh check (step-up) that sensitive actions ask for. Adding a factor to an account that
 * has one, removing one and new recovery codes need a check within the last ten minutes.
 */
export const secondFactorRoutes: DomainRoutes<{ secondFactors: SecondFactors }> = (app, { secondFactors }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PREFIX,
    {
      schema: {
        tags: ['users'],
        summary: "The viewer's second factors, and when this session last passed one",
        response: { 200: secondFactorStatusSchema },
      },
    },
    async (request) => secondFactors.status(requireViewer(request)),
  );

  api.post(
    `${PREFIX}/totp`,
    {
      schema: {
        tags: ['users'],
        summary: 'Start adding an authenticator app: its secret, as text and as a QR code',
        response: { 200: totpSetupSchema, ...refused },
      },
    },
    async (request) => secondFactors.startTotp(requireViewer(request)),
  );

  api.post(
    `${PREFIX}/totp/confirm`,
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm the authenticator app with a code it shows; the first factor of an account answers its recovery codes, once',
        body: z.object({ code: totpCodeSchema }),
        response: { 200: addedSchema, ...refused },
      },
    },
    async (request) => secondFactors.confirmTotp(requireViewer(request), request.body.code),
  );

  api.delete(
    `${PREFIX}/totp`,
    { schema: { tags: ['users'], summary: 'Remove the authenticator app (after a fresh check)', response: { 204: z.null(), ...refused } } },
    async (request, reply) => {
      await secondFactors.removeTotp(requireViewer(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    `${PREFIX}/passkeys/options`,
    {
      schema: {
        tags: ['users'],
        summary: 'Options for the browser to create a passkey',
        response: { 200: passkeyOptionsSchema, ...refused },
      },
    },
    async (request) => secondFactors.passkeyOptionsToAdd(requireViewer(request)),
  );

  api.post(
    `${PREFIX}/passkeys`,
    {
      schema: {
        tags: ['users'],
        summary: 'Add the passkey the browser created; the first factor of an account answers its recovery codes, once',
        body: addPasskeySchema,
        response: { 200: addedSchema, ...refused },
      },
    },
    async (request) => {
      const { name, ...answer } = request.body;
      return secondFactors.addPasskey(requireViewer(request), answer, name ?? deviceLabel(request.headers['user-agent']));
    },
  );

  api.delete(
    `${PREFIX}/passkeys/:passkeyId`,
    {
      schema: {
        tags: ['users'],
        summary: 'Remove a passkey (after a fresh check)',
        params: z.object({ passkeyId: z.string().min(1).max(1024) }),
        response: { 204: z.null(), 404: apiErrorSchema, ...refused },
      },
    },
    async (request, reply) => {
      await secondFactors.removePasskey(requireViewer(request), request.params.passkeyId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    `${PREFIX}/recovery-codes`,
    {
      schema: {
        tags: ['users'],
        summary: 'New recovery codes in place of the old ones (after a fresh check), shown once',
        response: { 200: recoveryCodesSchema, ...refused },
      },
    },
    async (request) => ({ codes: await secondFactors.newRecoveryCodes(requireViewer(request)) }),
  );

  api.post(
    `${PREFIX}/check/passkey-options`,
    {
      schema: {
        tags: ['users'],
        summary: "Options for the browser to check one of the viewer's passkeys",
        response: { 200: passkeyOptionsSchema, ...refused },
      },
    },
    async (request) => secondFactors.passkeyOptionsToVerify(requireViewer(request).userId),
  );

  api.post(
    `${PREFIX}/check`,
    {
      schema: {
        tags: ['users'],
        summary: 'A fresh check (step-up): the actions that ask for one are allowed for ten minutes',
        body: secondFactorAnswerSchema,
        response: { 200: z.object({ verifiedAt: z.iso.datetime({ offset: true }) }), ...refused },
      },
    },
    async (request) => ({ verifiedAt: (await secondFactors.stepUp(requireViewer(request), request.body)).toISOString() }),
  );
};
