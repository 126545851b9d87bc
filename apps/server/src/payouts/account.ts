import {
  type Currency,
  majorUnits,
  nextScheduledPayout,
  PAYOUT_METHOD_TYPES,
  type PayoutAccount,
  type PayoutMethodType,
  type PayoutSchedule,
  type PayoutsPage,
  payoutMethodLabel,
} from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import type { PayoutSettings } from '../config/config.js';
import type { Database } from '../db/database.js';
import { payouts } from '../db/schema.js';
import { toCsv } from '../http/csv.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import type { Ledger } from '../ledger/ledger.js';
import type { PayoutMethodsService } from './methods.js';
import { toPayout } from './payouts.js';
import type { PayoutProvider } from './provider.js';
import { providerAccountOf, providerAccounts } from './provider-accounts.js';
import { providerFor } from './providers.js';
import { minimumPayout, scheduleOf, withdrawBlock } from './rules.js';
import { payoutSettings } from './settings.js';
import type { PayoutsStatements } from './statements.js';

export interface PayoutAccountsDeps {
  db: Database;
  now: () => Date;
  ledger: Ledger;
  methods: PayoutMethodsService;
  providers: readonly PayoutProvider[];
  settings: PayoutSettings;
  statements: PayoutsStatements;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** What a statement line is, from its ledger kind and its charge's kind: "subscription", "refund", "returned payout". */
export function statementType(entryKind: string, chargeKind: string | null): string {
  if (entryKind === 'creator_earning') return (chargeKind ?? 'earning').replaceAll('_', ' ');
  if (entryKind === 'creator_earning_reversal') return 'refund';
  if (entryKind === 'payout_return') return 'returned payout';
  return entryKind.replace(/^creator_earning_/, '').replaceAll('_', ' ');
}

/** What a creator sees of their money: balances, what blocks a withdrawal, the schedule and the history. */
export class PayoutAccounts {
  constructor(private readonly deps: PayoutAccountsDeps) {}

  /** What `/creator/payouts` shows: balances with their releases and blocks, the schedule, the method and who pays it. */
  async account(creatorId: string): Promise<PayoutAccount> {
    const { db, ledger, statements } = this.deps;
    const [balances, releases, settings, active, inFlight] = await Promise.all([
      ledger.balances(db, creatorId),
      ledger.releases(db, creatorId),
      payoutSettings.of(db, creatorId),
      this.deps.methods.active(db, creatorId),
      statements.inFlight.run({ creator: creatorId }),
    ]);
    const at = this.deps.now();
    const method = active?.method ?? null;
    const detailsSealed = Boolean(active?.detailsSealed);
    const provider = method ? providerFor(this.deps.providers, method.type) : null;
    const providerAccount = provider?.onboarding ? await providerAccounts.of(db, creatorId, provider.name) : undefined;
    const schedule = scheduleOf(settings);
    const pauseUntil = settings?.methodChangePauseUntil && settings.methodChangePauseUntil > at ? settings.methodChangePauseUntil : null;
    return {
      balances: balances.map((balance) => {
        const currency = balance.currency as Currency;
        const minimum = minimumPayout(this.deps.settings, currency);
        return {
          currency,
          pendingMinor: balance.pendingMinor,
          availableMinor: balance.availableMinor,
          paidOutMinor: balance.paidOutMinor,
          inFlightMinor: Number(inFlight.find((row) => row.currency === currency)?.amount_minor ?? 0),
          minimumPayoutMinor: minimum,
          releases: releases
            .filter((release) => release.currency === currency && release.amountMinor !== 0)
            .map((release) => ({ availableAt: release.availableAt.toISOString(), amountMinor: release.amountMinor })),
          withdrawBlock: withdrawBlock({
            available: balance.availableMinor,
            minimum,
            settings,
            method,
            detailsSealed,
            provider,
            providerAccount,
            at,
          }),
        };
      }),
      holdDays: settings?.holdDays ?? this.deps.settings.holdDays,
      schedule,
      nextScheduledPayoutAt: iso(nextScheduledPayout(schedule, at)),
      method: method && { id: method.id, type: method.type, label: payoutMethodLabel(method) },
      methodProvider: provider?.name ?? null,
      providerAccount: providerAccountOf(provider, providerAccount),
      methodChangePauseUntil: iso(pauseUntil),
      payoutsHeld: Boolean(settings?.payoutsHeldAt),
    };
  }

  /** The kinds of payout method some provider turned on pays, in the order the core lists them. */
  payableMethodTypes(): PayoutMethodType[] {
    return PAYOUT_METHOD_TYPES.filter((type) => providerFor(this.deps.providers, type));
  }

  /** The creator's payouts, newest first, one keyset page. */
  async history(creatorId: string, query: PageRequest): Promise<PayoutsPage> {
    const rows = await this.deps.statements.history.run({ creator: creatorId, ...keysetStart(query, timeKey) });
    const { items, nextCursor } = keysetPage(rows, query.limit, (row) => [row.createdAt, row.id]);
    return { items: items.map(toPayout), nextCursor };
  }

  /**
   * A payout's statement as CSV: each earning, refund and returned payout it covers, with the
   * charge's gross and platform fee, then the payout itself. 404 for another creator's payout.
   */
  async statementCsv(creatorId: string, payoutId: string): Promise<{ filename: string; csv: string }> {
    const rows = await this.deps.statements.statement.run({ creator: creatorId, payout: payoutId });
    const [payout] = await this.deps.db
      .select({ amountMinor: payouts.amountMinor, currency: payouts.currency, createdAt: payouts.createdAt, status: payouts.status })
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), eq(payouts.creatorId, creatorId)));
    if (!payout) throw errors.notFound('Payout');
    const currency = payout.currency as Currency;
    const amount = (value: number | string | null) => (value === null ? '' : majorUnits(Number(value), currency));
    const lines: (string | number)[][] = [['Posted', 'Available', 'Type', 'Member', 'Charge', 'Currency', 'Gross', 'Platform fee', 'Net']];
    let covered = 0;
    for (const row of rows) {
      covered += Number(row.netMinor);
      lines.push([
        row.postedAt,
        row.availableAt,
        statementType(row.entryKind, row.chargeKind),
        row.memberHandle ?? (row.chargeId ? '(deleted account)' : ''),
        row.chargeId ?? '',
        currency,
        amount(row.grossMinor),
        amount(row.feeMinor),
        amount(row.netMinor),
      ]);
    }
    // A payout takes the whole available balance, so the lines add up to it; any difference is shown, never hidden.
    const carried = payout.amountMinor - covered;
    if (carried !== 0) lines.push(['', '', 'carried from before', '', '', currency, '', '', amount(carried)]);
    lines.push([
      payout.createdAt.toISOString(),
      '',
      `payout (${payout.status})`,
      '',
      payoutId,
      currency,
      '',
      '',
      amount(-payout.amountMinor),
    ]);
    return { filename: `aurum-payout-${payout.createdAt.toISOString().slice(0, 10)}-${payoutId}.csv`, csv: toCsv(lines) };
  }

  /** Turns automatic payouts on (weekly or monthly, on a day) or off. */
  async setSchedule(creatorId: string, schedule: PayoutSchedule): Promise<PayoutAccount> {
    const values = { schedule: schedule.kind, scheduleDay: schedule.kind === 'manual' ? null : schedule.day, updatedAt: this.deps.now() };
    await payoutSettings.save(this.deps.db, creatorId, values);
    return this.account(creatorId);
  }
}
