import {
  type Currency,
  DEFAULT_TIP_SETTINGS,
  displayName,
  formatMoney,
  generateId,
  ROLE,
  type Tip,
  type TipPlace,
  type TipRequest,
  type TipSettings,
  tipAmountMessage,
  tipAmountProblem,
  tipPlaceOf,
} from '@aurum/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { hasRoleSql } from '../access/access.js';
import { blockedEitherWaySql } from '../blocks/service.js';
import type { Database, Executor } from '../db/database.js';
import { profiles, tipSettings, tips, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { TextCheck } from '../http/text-check.js';
import type { MemberNotice } from '../moderation/service.js';
import type { ChargeRow, ChargesService } from '../payments/charges.js';
import type { PaymentsService } from '../payments/service.js';
import type { PostCards } from '../posts/post-cards.js';

export interface TipsServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  payments: PaymentsService;
  charges: ChargesService;
  /** Reads a post as the tipping member may see it: a tip goes only on a post they are shown. */
  cards: PostCards;
  /** Where a tip may be given in a chat, and how a paid one shows there: the chat domain's, handed in by the composition root. */
  chats: TipChats;
  /** The restricted words check on a tip's message. */
  checkText: TextCheck;
  /** The creator's notice of a paid tip: stored with the payment, announced and mailed after its commit. */
  notices: {
    record(tx: Executor, notices: readonly MemberNotice[], at: Date): Promise<void>;
    tell(notices: readonly MemberNotice[]): Promise<void>;
  };
}

type TipRow = typeof tips.$inferSelect;

/** A paid tip given in a chat, as the chat writes it: the tipper's message to the creator. */
export interface TipInChat {
  id: string;
  tipperId: string;
  creatorId: string;
  message: string | null;
  paidAt: Date;
}

export interface TipChats {
  /** Refuses (404, chat_blocked, chat_read_only) unless the chat is the tipper's with the creator and open for them to write. */
  assertTipPlace(executor: Executor, tipperId: string, chatId: string, creatorId: string): Promise<void>;
  /** Writes the paid tip into the pair's chat, in the transaction that settles it. */
  recordTip(tx: Executor, tip: TipInChat): Promise<void>;
  /** After that transaction committed: the chat hears of the new message. */
  announceTip(tip: TipInChat): void;
}

/**
 * Tips from members to creators, on a post, on the creator's profile or in their chat. A tip is a `tip` charge
 * of the charges module (idempotent per attempt, crash-safe, refundable like any payment) with
 * its row in `tips`, begun together in the transaction that checked the request. What a paid tip
 * does (it counts, the creator is told) is this domain's charge effect (`charge-effects.ts`).
 */
export class TipsService {
  constructor(private readonly deps: TipsServiceDeps) {}

  /** The creator's tip settings, with the defaults for a creator who never changed them. */
  async settings(creatorId: string, executor: Executor = this.deps.db): Promise<TipSettings> {
    const [row] = await executor
      .select({ enabled: tipSettings.enabled, currency: tipSettings.currency, minimumMinor: tipSettings.minimumMinor })
      .from(tipSettings)
      .where(eq(tipSettings.creatorId, creatorId));
    return row ? { ...row, currency: row.currency as Currency } : DEFAULT_TIP_SETTINGS;
  }

  /** The settings a member tips this creator by (the dialog's currency and minimum); 404 when they cannot tip them. */
  async settingsFor(viewerId: string, creatorId: string): Promise<TipSettings> {
    if (viewerId !== creatorId) await this.assertTakesTipsFrom(this.deps.db, creatorId, viewerId);
    return this.settings(creatorId);
  }

  /** A creator changes whether and from what amount they take tips. */
  async updateSettings(creatorId: string, settings: TipSettings): Promise<TipSettings> {
    const values = { ...settings, updatedAt: this.deps.now() };
    await this.deps.db
      .insert(tipSettings)
      .values({ creatorId, ...values })
      .onConflictDoUpdate({ target: tipSettings.creatorId, set: values });
    return settings;
  }

  /**
   * A member tips a creator with a saved method and waits for the payment. The key is the
   * browser's per attempt: sent again, it returns the first tip and never charges twice.
   */
  async give(viewerId: string, creatorId: string, input: TipRequest): Promise<Tip> {
    const { db, payments, charges: chargesModule } = this.deps;
    payments.assertAvailable();
    const key = `tip:${viewerId}:${input.idempotencyKey}`;
    let charge = await chargesModule.byKey(db, key);
    if (charge && (charge.kind !== 'tip' || charge.creatorId !== creatorId)) throw errors.tipKeyReused();
    if (!charge) {
      if (viewerId === creatorId) throw errors.cannotTipSelf();
      await this.deps.checkText({ message: input.message });
      const place = tipPlaceOf(input);
      if (input.postId) {
        // Only a post the member is shown (locked or not) takes a tip, and only for its creator.
        const post = await this.deps.cards.one(viewerId, input.postId);
        if (post?.creator.userId !== creatorId) throw errors.notFound('Post');
      }
      const method = await payments.ownMethod(viewerId, input.paymentMethodId);
      await payments.customerRef(viewerId);
      charge = await chargesModule.beginOnce(viewerId, key, async (tx) => {
        await this.assertTakesTipsFrom(tx, creatorId, viewerId);
        if (input.chatId) await this.deps.chats.assertTipPlace(tx, viewerId, input.chatId, creatorId);
        const settings = await this.settings(creatorId, tx);
        const problem = tipAmountProblem({ amountMinor: input.amountMinor, currency: input.currency }, settings);
        if (problem === 'tips_disabled') throw errors.tipsDisabled();
        if (problem) throw errors.tipAmountInvalid({ message: tipAmountMessage(problem, settings) });
        const begun = await chargesModule.begin(tx, {
          kind: 'tip',
          idempotencyKey: key,
          userId: viewerId,
          creatorId,
          paymentMethodId: method.id,
          amountMinor: input.amountMinor,
          currency: input.currency,
        });
        await tx.insert(tips).values({
          id: generateId(begun.createdAt.getTime()),
          chargeId: begun.id,
          userId: viewerId,
          creatorId,
          place,
          postId: input.postId ?? null,
          message: input.message ?? null,
          createdAt: begun.createdAt,
        });
        return begun;
      });
    }
    const settled = await chargesModule.settleNow(charge.id);
    return toTip(await this.tipOf(db, settled), settled);
  }

  /** What a paid tip does, in the transaction that settles its charge: it counts, and the creator's notice is stored. */
  async recordPaid(tx: Executor, charge: ChargeRow, paidAt: Date): Promise<void> {
    const [tip] = await tx
      .update(tips)
      .set({ paidAt })
      .where(and(eq(tips.chargeId, charge.id), isNull(tips.paidAt)))
      .returning();
    if (!tip) return;
    await this.deps.notices.record(tx, [await this.noticeOf(tx, tip, charge)], paidAt);
    if (tip.place === 'chat') await this.deps.chats.recordTip(tx, inChat(tip, paidAt));
  }

  /** After a paid tip committed: the creator is told at once (their notices, live, and by e-mail); never throws. */
  announcePaid(charge: ChargeRow): void {
    void (async () => {
      const tip = await this.tipOf(this.deps.db, charge);
      if (tip.place === 'chat' && tip.paidAt) this.deps.chats.announceTip(inChat(tip, tip.paidAt));
      await this.deps.notices.tell([await this.noticeOf(this.deps.db, tip, charge)]);
    })().catch((error: unknown) => this.deps.logger.warn({ err: error, chargeId: charge.id }, 'could not announce a tip'));
  }

  /** A tip given back (refunded, charged back) stops counting. */
  async recordRefunded(tx: Executor, charge: ChargeRow, refundedAt: Date): Promise<void> {
    await tx.update(tips).set({ refundedAt }).where(eq(tips.chargeId, charge.id));
  }

  /** The creator is an active creator, and neither of the two blocked the other; 404 otherwise, as if there were no such creator. */
  private async assertTakesTipsFrom(executor: Executor, creatorId: string, viewerId: string): Promise<void> {
    const [creator] = await executor
      .select({ blocked: blockedEitherWaySql(sql`${viewerId}`, sql`${creatorId}`) })
      .from(users)
      .where(and(eq(users.id, creatorId), isNull(users.disabledAt), hasRoleSql(users.labels, ROLE.creators)));
    if (!creator || creator.blocked) throw errors.notFound('Creator');
  }

  private async tipOf(executor: Executor, charge: ChargeRow): Promise<TipRow> {
    const [tip] = await executor.select().from(tips).where(eq(tips.chargeId, charge.id));
    if (!tip) throw new Error(`tip charge ${charge.id} has no tip`);
    return tip;
  }

  /** The creator's notice: who tipped how much, where, and what they wrote. */
  private async noticeOf(executor: Executor, tip: TipRow, charge: ChargeRow): Promise<MemberNotice> {
    const [fan] = await executor
      .select({ handle: profiles.handle, publicName: profiles.publicName })
      .from(profiles)
      .where(eq(profiles.userId, tip.userId));
    const who = displayName(fan, 'A member');
    const amount = formatMoney({ amountMinor: charge.amountMinor, currency: charge.currency as Currency });
    const where = tip.place === 'post' ? ' on your post' : tip.place === 'chat' ? ' in your chat' : '';
    return {
      userId: tip.creatorId,
      kind: 'tip_received',
      message: tip.message ? `${who} tipped you ${amount}${where}: “${tip.message}”` : `${who} tipped you ${amount}${where}.`,
      reason: null,
      ...(tip.postId ? { postId: tip.postId } : {}),
      mailSubject: `${who} tipped you ${amount}`,
    };
  }
}

const inChat = (tip: TipRow, paidAt: Date): TipInChat => ({
  id: tip.id,
  tipperId: tip.userId,
  creatorId: tip.creatorId,
  message: tip.message,
  paidAt,
});

function toTip(tip: TipRow, charge: ChargeRow): Tip {
  return {
    id: tip.id,
    creatorId: tip.creatorId,
    place: tip.place as TipPlace,
    postId: tip.postId,
    amountMinor: charge.amountMinor,
    currency: charge.currency as Currency,
    message: tip.message,
    createdAt: tip.createdAt.toISOString(),
  };
}
