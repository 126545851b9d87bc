import { type Currency, displayName, formatMoney } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import { charges, profiles, users } from '../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';
import type { ChargeRow } from './charges.js';

const NOTICE_JOB = 'payments.refund-notice';
const creator = alias(profiles, 'creator_profile');

/**
 * Tells a member their payment was refunded. The job is queued in the transaction that settles
 * the refund (its id names the refund, so it is queued once) and mails after the commit.
 */
export class RefundNotices {
  constructor(private readonly deps: { db: Database; jobs: JobQueue; mailer: Mailer; publicUrl: string }) {
    deps.jobs.register(NOTICE_JOB, {
      payload: z.object({ refundId: z.string() }),
      run: ({ refundId }) => this.send(refundId),
    });
  }

  async queue(tx: Executor, refund: ChargeRow): Promise<void> {
    await this.deps.jobs.enqueue(NOTICE_JOB, { refundId: refund.id }, { id: `${NOTICE_JOB}:${refund.id}` }, tx);
  }

  private async send(refundId: string): Promise<void> {
    const [row] = await this.deps.db
      .select({
        email: users.email,
        disabledAt: users.disabledAt,
        amountMinor: charges.amountMinor,
        currency: charges.currency,
        endsAccess: charges.refundEndsAccess,
        handle: creator.handle,
        publicName: creator.publicName,
      })
      .from(charges)
      .innerJoin(users, eq(users.id, charges.userId))
      .leftJoin(creator, eq(creator.userId, charges.creatorId))
      .where(eq(charges.id, refundId));
    if (!row || row.disabledAt) return;
    const amount = formatMoney({ amountMinor: row.amountMinor, currency: row.currency as Currency });
    const name = displayName(row);
    const paragraphs = [
      `We have refunded your payment of ${amount} to ${name}. It goes back to the payment method you paid with; your bank may take a few days to show it.`,
      row.endsAccess
        ? 'What the payment was for has ended.'
        : 'A subscription it paid for stays until the end of its period and will not renew.',
    ];
    const actionUrl = new URL('/subscriptions', this.deps.publicUrl).toString();
    await this.deps.mailer.send(
      noticeMail({ to: row.email, subject: `Your payment of ${amount} was refunded`, paragraphs, actionUrl, appUrl: this.deps.publicUrl }),
    );
  }
}
