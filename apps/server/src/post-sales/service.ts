import { type Currency, displayName, formatMoney, type Post, type PostPurchaseRequest } from '@aurum/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { blockedEitherWaySql } from '../blocks/service.js';
import type { Database, Executor } from '../db/database.js';
import { postPurchases, posts, profiles } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { MemberNotice } from '../moderation/service.js';
import type { ChargeRow, ChargesService } from '../payments/charges.js';
import type { PaymentsService } from '../payments/service.js';
import type { PostCards } from '../posts/post-cards.js';

export interface PostSalesServiceDeps {
  db: Database;
  logger: Logger;
  payments: PaymentsService;
  charges: ChargesService;
  /** Reads a post as the buyer may see it: only a post they are shown, locked, can be bought. */
  cards: PostCards;
  /** The creator's notice of a sale: stored with the payment, announced and mailed after its commit. */
  notices: {
    record(tx: Executor, notices: readonly MemberNotice[], at: Date): Promise<void>;
    tell(notices: readonly MemberNotice[]): Promise<void>;
  };
}

/**
 * Posts sold on their own (pay-per-view). A purchase is a `paid_post` charge of the charges
 * module (idempotent per attempt, crash-safe, refundable); what a paid one buys is a row in
 * `post_purchases`, which the access rule reads with the viewer's other entitlements, and a
 * refund or chargeback removes it, locking the post again.
 */
export class PostSalesService {
  constructor(private readonly deps: PostSalesServiceDeps) {}

  /**
   * A member buys a post they are shown locked, at the price they were shown, with a saved
   * method, and waits for the payment; the answer is the post as they now see it. The key is
   * the browser's per attempt: sent again, it answers the first outcome and never charges twice.
   */
  async buy(viewerId: string, postId: string, input: PostPurchaseRequest): Promise<Post> {
    const { db, payments, cards, charges } = this.deps;
    payments.assertAvailable();
    const key = `paid_post:${viewerId}:${input.idempotencyKey}`;
    let charge = await charges.byKey(db, key);
    if (charge && (charge.kind !== 'paid_post' || charge.postId !== postId)) throw errors.purchaseKeyReused();
    if (!charge) {
      const shown = await cards.one(viewerId, postId);
      if (!shown) throw errors.notFound('Post');
      if (!shown.price) throw errors.postNotForSale();
      if (!shown.locked) throw errors.postAlreadyUnlocked();
      const method = await payments.ownMethod(viewerId, input.paymentMethodId);
      await payments.customerRef(viewerId);
      charge = await charges.beginOnce(viewerId, key, async (tx) => {
        const post = await this.postForSale(tx, viewerId, postId);
        if (post.priceMinor !== input.price.amountMinor || post.currency !== input.price.currency) throw errors.postPriceChanged();
        await charges.assertNoneInFlight(
          tx,
          viewerId,
          'paid_post',
          { postId },
          'A payment for this post is still being processed. Try again in a minute.',
        );
        return charges.begin(tx, {
          kind: 'paid_post',
          idempotencyKey: key,
          userId: viewerId,
          creatorId: post.creatorId,
          paymentMethodId: method.id,
          amountMinor: post.priceMinor,
          currency: post.currency,
          postId,
        });
      });
    }
    await charges.settleNow(charge.id);
    const post = await cards.one(viewerId, postId);
    if (!post) throw errors.notFound('Post');
    return post;
  }

  /** What a paid charge for a post buys: the member's purchase, once, with the creator's notice; in the charge's settling transaction. */
  async recordPaid(tx: Executor, charge: ChargeRow, paidAt: Date): Promise<void> {
    const postId = postOf(charge);
    const [bought] = await tx
      .insert(postPurchases)
      .values({ postId, userId: charge.userId, creatorId: charge.creatorId, chargeId: charge.id, createdAt: paidAt })
      .onConflictDoNothing()
      .returning({ postId: postPurchases.postId });
    if (bought) await this.deps.notices.record(tx, [await this.noticeOf(tx, charge)], paidAt);
  }

  /** After a sale committed: the creator is told at once (their notices, live, and by e-mail); never throws. */
  announcePaid(charge: ChargeRow): void {
    void (async () => this.deps.notices.tell([await this.noticeOf(this.deps.db, charge)]))().catch((error: unknown) =>
      this.deps.logger.warn({ err: error, chargeId: charge.id }, 'could not announce a post sale'),
    );
  }

  /** A purchase given back (refunded, charged back): the post locks again for the member, who may buy it anew. */
  async recordRefunded(tx: Executor, charge: ChargeRow): Promise<void> {
    await tx.delete(postPurchases).where(eq(postPurchases.chargeId, charge.id));
  }

  /**
   * The post, as it is sold now, to a member who may buy it: published and still there, for sale,
   * not theirs, neither side blocking the other, and not bought already; 404 or 409 otherwise.
   */
  private async postForSale(executor: Executor, viewerId: string, postId: string) {
    const [post] = await executor
      .select({
        creatorId: posts.creatorId,
        priceMinor: posts.priceMinor,
        currency: posts.currency,
        blocked: blockedEitherWaySql(sql`${viewerId}`, sql`${posts.creatorId}`),
        bought: sql<boolean>`exists (select 1 from ${postPurchases} as pp where pp.post_id = ${posts.id} and pp.user_id = ${viewerId})`,
      })
      .from(posts)
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
      .for('share');
    if (!post || post.blocked || post.creatorId === viewerId) throw errors.notFound('Post');
    if (post.priceMinor === null || post.currency === null) throw errors.postNotForSale();
    if (post.bought) throw errors.postAlreadyUnlocked();
    return { creatorId: post.creatorId, priceMinor: post.priceMinor, currency: post.currency };
  }

  /** The creator's notice: who bought which post for how much. */
  private async noticeOf(executor: Executor, charge: ChargeRow): Promise<MemberNotice> {
    const [buyer] = await executor
      .select({ handle: profiles.handle, publicName: profiles.publicName })
      .from(profiles)
      .where(eq(profiles.userId, charge.userId));
    const who = displayName(buyer, 'A member');
    const amount = formatMoney({ amountMinor: charge.amountMinor, currency: charge.currency as Currency });
    return {
      userId: charge.creatorId,
      kind: 'post_sold',
      message: `${who} bought your post for ${amount}.`,
      reason: null,
      postId: postOf(charge),
      mailSubject: `${who} bought your post for ${amount}`,
    };
  }
}

function postOf(charge: ChargeRow): string {
  if (!charge.postId) throw new Error(`paid_post charge ${charge.id} names no post`);
  return charge.postId;
}
