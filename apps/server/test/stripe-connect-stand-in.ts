import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Answer, formHash, invalidRequest, noSuch, nowSeconds, parameterMissing, stripeId } from './stripe-stand-in-protocol.js';

/**
 * The Stripe Connect part of the Stripe stand-in: Express accounts, account links to a hosted
 * onboarding page, and transfers to connected accounts, answering as Stripe's API does. The
 * hosted page is what the creator sees at Stripe: "Agree and submit" completes the account,
 * "Save for later" leaves it needing details; either sends `account.updated` to the Connect
 * webhook endpoint and returns the creator to the platform.
 */

export interface StandInAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  business_type: string | null;
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  created: number;
  metadata: Record<string, string>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
    current_deadline: number | null;
  };
}

export interface StandInTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  reversed: boolean;
}

interface StandInAccountLink {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

/** What a new Express account of an individual must give before Stripe pays it. */
const ONBOARDING_FIELDS = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
/** Countries where Express accounts can be opened, as far as the stand-in knows. */
const CONNECT_COUNTRIES = new Set([
  'AT',
  'AU',
  'BE',
  'CA',
  'CH',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GB',
  'IE',
  'IT',
  'NL',
  'NO',
  'PT',
  'SE',
  'US',
]);
const LINK_LIFETIME_SECONDS = 300;

export type ConnectEventSender = (type: string, object: unknown, account: string) => Promise<unknown>;

export class StandInConnect {
  readonly accounts = new Map<string, StandInAccount>();
  readonly transfers = new Map<string, StandInTransfer>();
  private readonly links = new Map<string, StandInAccountLink>();
  /** What the platform holds to transfer from, per currency; unlimited unless a test sets it. */
  platformBalance: Map<string, number> | null = null;

  constructor(
    private readonly baseUrl: () => string,
    private readonly sendEvent: ConnectEventSender,
  ) {}

  /** Answers the Connect part of the API; null for any other path. */
  route(method: string, path: string, form: URLSearchParams): Answer | null {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    if (method === 'POST' && path === '/v1/accounts') return ok(this.createAccount(form));
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountPath?.[1]) {
      const id = decodeURIComponent(accountPath[1]);
      const account = this.accounts.get(id);
      if (!account) throw noSuch('account', id);
      return ok(account);
    }
    if (method === 'POST' && path === '/v1/account_links') return ok(this.createLink(form));
    if (method === 'POST' && path === '/v1/transfers') return ok(this.createTransfer(form));
    return null;
  }

  /** The hosted onboarding page (no API key: the creator's browser opens it); false for any other path. */
  async hosted(request: IncomingMessage, response: ServerResponse, form: URLSearchParams): Promise<boolean> {
    const linkId = /^\/connect\/hosted\/([^/?]+)/.exec(request.url ?? '')?.[1];
    if (!linkId) return false;
    const link = this.links.get(linkId);
    if (!link) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('This link is not valid.');
      return true;
    }
    if (link.used || link.expiresAt < nowSeconds()) {
      response.writeHead(303, { location: link.refreshUrl }).end();
      return true;
    }
    const account = this.accounts.get(link.account) as StandInAccount;
    if (request.method === 'POST') {
      link.used = true;
      if (form.get('outcome') === 'submit') this.complete(account);
      else account.details_submitted = false;
      await this.sendEvent('account.updated', account, account.id);
      response.writeHead(303, { location: link.returnUrl }).end();
      return true;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe Express onboarding (stand-in)</title></head>
<body><main><h1>Set up payouts for ${account.email ?? account.id}</h1>
<p>Stripe stand-in: this page stands for Stripe's hosted onboarding, where the creator gives their identity and bank account.</p>
<form method="post"><button name="outcome" value="submit">Agree and submit</button>
<button name="outcome" value="later">Save for later</button></form></main></body></html>`);
    return true;
  }

  /** As if Stripe asked the account for more (a document, say) and stopped its payouts until then. */
  async requireMore(accountId: string, fields: string[], disabledReason = 'requirements.past_due'): Promise<unknown> {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`stand-in has no account ${accountId}`);
    account.requirements = { ...account.requirements, currently_due: fields, past_due: fields, disabled_reason: disabledReason };
    account.payouts_enabled = false;
    account.capabilities.transfers = 'inactive';
    return this.sendEvent('account.updated', account, account.id);
  }

  /** As if the creator finished the hosted onboarding. */
  complete(account: StandInAccount): void {
    account.details_submitted = true;
    account.payouts_enabled = true;
    account.charges_enabled = true;
    account.capabilities.transfers = 'active';
    account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null, current_deadline: null };
  }

  private createAccount(form: URLSearchParams): StandInAccount {
    if (form.get('type') !== 'express') throw invalidRequest('The stand-in opens only Express accounts.', { param: 'type' });
    const country = form.get('country') ?? 'US';
    if (!CONNECT_COUNTRIES.has(country)) {
      throw invalidRequest(`Connected accounts cannot be created in ${country}.`, { code: 'country_unsupported', param: 'country' });
    }
    const metadata = formHash(form, 'metadata');
    const account: StandInAccount = {
      id: stripeId('acct'),
      object: 'account',
      type: 'express',
      country,
      email: form.get('email'),
      business_type: form.get('business_type'),
      capabilities: form.get('capabilities[transfers][requested]') === 'true' ? { transfers: 'inactive' } : {},
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: nowSeconds(),
      metadata,
      requirements: {
        currently_due: [...ONBOARDING_FIELDS],
        eventually_due: [...ONBOARDING_FIELDS],
        past_due: [],
        disabled_reason: 'requirements.past_due',
        current_deadline: null,
      },
    };
    this.accounts.set(account.id, account);
    return account;
  }

  private createLink(form: URLSearchParams) {
    const accountId = form.get('account');
    if (!accountId) throw parameterMissing('account');
    if (!this.accounts.has(accountId)) throw noSuch('account', accountId, 'account');
    if (form.get('type') !== 'account_onboarding' && form.get('type') !== 'account_update') throw parameterMissing('type');
    const refreshUrl = form.get('refresh_url');
    const returnUrl = form.get('return_url');
    if (!refreshUrl) throw parameterMissing('refresh_url');
    if (!returnUrl) throw parameterMissing('return_url');
    const linkId = stripeId('link');
    const created = nowSeconds();
    const link = { account: accountId, refreshUrl, returnUrl, expiresAt: created + LINK_LIFETIME_SECONDS, used: false };
    this.links.set(linkId, link);
    return { object: 'account_link', created, expires_at: link.expiresAt, url: `${this.baseUrl()}/connect/hosted/${linkId}` };
  }

  private createTransfer(form: URLSearchParams): StandInTransfer {
    const amountText = form.get('amount');
    if (!amountText) throw parameterMissing('amount');
    if (!/^\d+$/.test(amountText) || Number(amountText) < 1) throw invalidRequest('Invalid positive integer', { param: 'amount' });
    const currency = form.get('currency');
    if (!currency) throw parameterMissing('currency');
    const destinationId = form.get('destination');
    if (!destinationId) throw parameterMissing('destination');
    const destination = this.accounts.get(destinationId);
    if (!destination) throw noSuch('destination', destinationId, 'destination');
    if (destination.capabilities.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      );
    }
    const amount = Number(amountText);
    const held = this.platformBalance?.get(currency);
    if (this.platformBalance && (held ?? 0) < amount) {
      throw invalidRequest('You have insufficient available funds in your Stripe account.', { code: 'balance_insufficient' });
    }
    this.platformBalance?.set(currency, (held ?? 0) - amount);
    const metadata = formHash(form, 'metadata');
    const transfer: StandInTransfer = {
      id: stripeId('tr'),
      object: 'transfer',
      amount,
      currency,
      destination: destinationId,
      transfer_group: form.get('transfer_group'),
      description: form.get('description'),
      metadata,
      created: nowSeconds(),
      reversed: false,
    };
    this.transfers.set(transfer.id, transfer);
    return transfer;
  }
}
