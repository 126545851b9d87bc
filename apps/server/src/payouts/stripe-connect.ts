import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { errors } from '../http/errors.js';
import {
  eventObject,
  getFromStripe,
  postToStripe,
  type StripeAccess,
  type StripeAnswer,
  stripeErrorOf,
  verifiedStripeEvent,
} from '../integrations/stripe/api.js';
import {
  type PayoutOnboarding,
  type PayoutProvider,
  PayoutProviderError,
  type PayoutProviderEvent,
  type PayoutRequest,
  type PayoutResult,
  type ProviderAccountState,
} from './provider.js';
import { describeStripeNeeds } from './stripe-requirements.js';

export interface StripeConnectOptions extends StripeAccess {
  /** The secret of the Connect webhook endpoint (events of connected accounts). */
  webhookSecret: string;
  now: () => Date;
}

const accountSchema = z.object({
  id: z.string().min(1),
  payouts_enabled: z.boolean().nullish(),
  details_submitted: z.boolean().nullish(),
  capabilities: z.record(z.string(), z.string()).nullish(),
  requirements: z
    .object({
      currently_due: z.array(z.string()).nullish(),
      past_due: z.array(z.string()).nullish(),
      disabled_reason: z.string().nullish(),
    })
    .nullish(),
});
type StripeAccount = z.infer<typeof accountSchema>;
const accountLinkSchema = z.object({ url: z.url() });
const transferSchema = z.object({ id: z.string().min(1) });

/** Stripe's refusals that are the platform's to fix (its own balance), not the creator's: asked again later. */
const PLATFORM_ERRORS = new Set(['balance_insufficient', 'insufficient_funds']);

/** The account as Aurum keeps it: it can be paid only once Stripe pays out and transfers to it are active. */
export function accountStateOf(account: StripeAccount): ProviderAccountState {
  const requirements = account.requirements;
  return {
    externalId: account.id,
    payoutsEnabled: Boolean(account.payouts_enabled) && account.capabilities?.transfers === 'active',
    detailsSubmitted: Boolean(account.details_submitted),
    requirements: [...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])])],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

/**
 * Stripe Connect with Express accounts: the creator opens an account through Stripe's hosted
 * onboarding (Stripe keeps the bank details and the identity checks), Aurum sends each payout
 * as a transfer to that account with the payout's id as the idempotency key, and Stripe pays the
 * creator's bank on the account's own schedule. The account's state comes from `account.updated`
 * webhooks, or a read when the creator comes back from the onboarding.
 */
export class StripeConnectPayoutProvider implements PayoutProvider {
  readonly name = 'stripe_connect';
  readonly pays = ['bank_account'] as const;
  readonly onboarding: PayoutOnboarding;

  constructor(private readonly options: StripeConnectOptions) {
    this.onboarding = {
      link: (creator, urls) => this.link(creator, urls),
      read: async (externalId) => accountStateOf(await this.account(externalId)),
      describe: describeStripeNeeds,
    };
  }

  async send(request: PayoutRequest): Promise<PayoutResult> {
    const destination = request.destination.providerAccountId;
    if (!destination) throw new PayoutProviderError('a Stripe Connect payout has no connected account');
    const form = new URLSearchParams({
      amount: String(request.amountMinor),
      currency: request.currency.toLowerCase(),
      destination,
      transfer_group: request.idempotencyKey,
      description: 'Aurum payout',
      'metadata[payout_id]': request.idempotencyKey,
      'metadata[creator_id]': request.creatorId,
    });
    const answer = await this.call(() => postToStripe(this.options, '/v1/transfers', form, request.idempotencyKey));
    if (answer.ok) return { status: 'paid', providerRef: this.parsed(transferSchema, answer, 'a transfer').id };
    const error = stripeErrorOf(answer);
    if ([400, 402, 404].includes(answer.status) && error?.type === 'invalid_request_error' && !PLATFORM_ERRORS.has(error.code ?? '')) {
      return {
        status: 'failed',
        providerRef: null,
        code: error.code ?? 'transfer_refused',
        message: `Stripe did not send the money to your Stripe account${error.message ? `: ${error.message}` : ''}. Check your account on Stripe, then ask for the payout again.`,
      };
    }
    throw this.unexpected('make the transfer', answer);
  }

  async parseWebhook(headers: IncomingHttpHeaders, rawBody: Buffer): Promise<PayoutProviderEvent | null> {
    const event = verifiedStripeEvent(headers, rawBody, { secret: this.options.webhookSecret, now: this.options.now() });
    if (event.type === 'account.updated') return { type: 'account_updated', account: accountStateOf(eventObject(event, accountSchema)) };
    // The creator disconnected the account from the platform: nothing can be sent to it any more.
    if (event.type === 'account.application.deauthorized' && event.account) {
      const account = { id: event.account, requirements: { disabled_reason: 'platform_disconnected' } };
      return { type: 'account_updated', account: { ...accountStateOf(account), detailsSubmitted: true } };
    }
    return null;
  }

  private async link(
    creator: { id: string; email: string; country: string; existing: string | null },
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string; account: ProviderAccountState }> {
    const account = creator.existing ? await this.account(creator.existing) : await this.createAccount(creator);
    const form = new URLSearchParams({
      account: account.id,
      type: 'account_onboarding',
      return_url: urls.returnUrl,
      refresh_url: urls.refreshUrl,
    });
    const answer = await this.call(() => postToStripe(this.options, '/v1/account_links', form));
    if (!answer.ok) throw this.unexpected('make an onboarding link', answer);
    return { url: this.parsed(accountLinkSchema, answer, 'an account link').url, account: accountStateOf(account) };
  }

  /** One Express account per creator: the key makes a repeated first click (or a crash) find the same one. */
  private async createAccount(creator: { id: string; email: string; country: string }): Promise<StripeAccount> {
    const form = new URLSearchParams({
      type: 'express',
      country: creator.country.toUpperCase(),
      email: creator.email,
      business_type: 'individual',
      'capabilities[transfers][requested]': 'true',
      'metadata[creator_id]': creator.id,
    });
    const answer = await this.call(() => postToStripe(this.options, '/v1/accounts', form, `connect-account:${creator.id}`));
    if (answer.ok) return this.parsed(accountSchema, answer, 'an account');
    const error = stripeErrorOf(answer);
    if (answer.status === 400 && error?.type === 'invalid_request_error') {
      throw errors.payoutOnboardingRefused({
        message: `Stripe cannot open an account for you${error.message ? `: ${error.message}` : ''}.`,
      });
    }
    throw this.unexpected('open an account', answer);
  }

  private async account(externalId: string): Promise<StripeAccount> {
    const answer = await this.call(() => getFromStripe(this.options, `/v1/accounts/${encodeURIComponent(externalId)}`));
    if (!answer.ok) throw this.unexpected('read the account', answer);
    return this.parsed(accountSchema, answer, 'an account');
  }

  private async call(request: () => Promise<StripeAnswer>): Promise<StripeAnswer> {
    try {
      return await request();
    } catch (error) {
      throw new PayoutProviderError('Stripe could not be reached', { cause: error });
    }
  }

  private parsed<T>(schema: z.ZodType<T>, answer: StripeAnswer, what: string): T {
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new PayoutProviderError(`Stripe answered with something that is not ${what}`);
    return parsed.data;
  }

  private unexpected(action: string, answer: StripeAnswer): PayoutProviderError {
    const error = stripeErrorOf(answer);
    const what = [error?.type, error?.code].filter(Boolean).join('/') || 'no error type';
    return new PayoutProviderError(`Stripe did not ${action} (${answer.status} ${what}): ${error?.message ?? 'no error message'}`);
  }
}
