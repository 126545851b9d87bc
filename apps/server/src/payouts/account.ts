import {
  type Currency,
  nextScheduledPayout,
  type PayoutAccount,
  type PayoutSchedule,
  type PayoutsPage,
  payoutMethodLabel,
} from '@aurum/core';
import { eq } from 'drizzle-orm';
import type { PayoutSettings } from '../config/config.js';
import type { Database } from '../db/database.js';
import { creatorPayoutSettings } from '../db/schema.js';
import { decodeTimeCursor, timeCursorPage } from '../http/page-cursor.js';
import type { Ledger } from '../ledger/ledger.js';
import type { PayoutMethodsService } from './methods.js';
import { toPayout } from './payouts.js';
import type { PayoutProvider } from './provider.js';
import { providerFor } from './providers.js';
import { minimumPayout, scheduleOf, withdrawBlock } from './rules.js';
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

/** What a creator sees of their money: balances, what blocks a withdrawal, the schedule and the history. */
export class PayoutAccounts {
  constructor(private readonly deps: PayoutAccountsDeps) {}

  /** What `/creator/payouts` shows: balances with their releases and blocks, the schedule, the method and who pays it. */
  async account(creatorId: string): Promise<PayoutAccount> {
    const { db, ledger, statements } = this.deps;
    const [balances, releases, [settings], active, inFlight] = await Promise.all([
      ledger.balances(db, creatorId),
      ledger.releases(db, creatorId),
      db.select().from(creatorPayoutSettings).where(eq(creatorPayoutSettings.creatorId, creatorId)),
      this.deps.methods.active(db, creatorId),
      statements.inFlight.run({ creator: creatorId }),
    ]);
    const at = this.deps.now();
    const method = active?.method ?? null;
    const detailsSealed = Boolean(active?.detailsSealed);
    const provider = method ? providerFor(this.deps.providers, method.type) : null;
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
          withdrawBlock: withdrawBlock({ available: balance.availableMinor, minimum, settings, method, detailsSealed, provider, at }),
        };
      }),
      holdDays: settings?.holdDays ?? this.deps.settings.holdDays,
      schedule,
      nextScheduledPayoutAt: iso(nextScheduledPayout(schedule, at)),
      method: method && { id: method.id, type: method.type, label: payoutMethodLabel(method) },
      methodProvider: provider?.name ?? null,
      methodChangePauseUntil: iso(pauseUntil),
      payoutsHeld: Boolean(settings?.payoutsHeldAt),
    };
  }

  /** The creator's payouts, newest first, one keyset page. */
  async history(creatorId: string, query: { cursor?: string; limit: number }): Promise<PayoutsPage> {
    const position = decodeTimeCursor(query.cursor);
    const rows = await this.deps.statements.history.run({
      creator: creatorId,
      cursorTime: position?.[0] ?? null,
      cursorId: position?.[1] ?? null,
      limit: query.limit + 1,
    });
    const { items, nextCursor } = timeCursorPage(rows, query.limit, (row) => [row.createdAt, row.id]);
    return { items: items.map(toPayout), nextCursor };
  }

  /** Turns automatic payouts on (weekly or monthly, on a day) or off. */
  async setSchedule(creatorId: string, schedule: PayoutSchedule): Promise<PayoutAccount> {
    const values = { schedule: schedule.kind, scheduleDay: schedule.kind === 'manual' ? null : schedule.day, updatedAt: this.deps.now() };
    await this.deps.db
      .insert(creatorPayoutSettings)
      .values({ creatorId, ...values })
      .onConflictDoUpdate({ target: creatorPayoutSettings.creatorId, set: values });
    return this.account(creatorId);
  }
}
