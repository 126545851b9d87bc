import {
  type AdminDispute,
  type AdminDisputesPage,
  type adminDisputesQuerySchema,
  type Currency,
  type DisputeStatus,
  entityIdSchema,
  FINAL_DISPUTE_STATUSES,
} from '@aurum/core';
import { and, asc, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { charges, disputes, profiles, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { type KeyShape, keysetPage, keysetStart, timeKey } from '../http/page-cursor.js';

const memberUser = alias(users, 'dispute_member');
const memberProfile = alias(profiles, 'dispute_member_profile');
const creatorUser = alias(users, 'dispute_creator');
const creatorProfile = alias(profiles, 'dispute_creator_profile');

/** The deadline order's key: the due time ('': none, listed last) and the id. */
const deadlineKey: KeyShape<string> = z.tuple([z.union([z.iso.datetime(), z.literal('')]), entityIdSchema]);

/**
 * The admin's list of disputes with the payment's member and creator, and one dispute the same
 * way. The list stays a query builder: an admin-only list whose filters and two orders combine
 * into more statements than its use would ever prepare.
 */
export class AdminDisputesList {
  constructor(private readonly db: Database) {}

  async page(query: z.output<typeof adminDisputesQuerySchema>): Promise<AdminDisputesPage> {
    const filters: (SQL | undefined)[] = [
      query.status ? eq(disputes.status, query.status) : undefined,
      query.open === true ? notInArray(disputes.status, [...FINAL_DISPUTE_STATUSES]) : undefined,
      query.open === false ? inArray(disputes.status, [...FINAL_DISPUTE_STATUSES]) : undefined,
    ];
    const newest = query.order === 'newest';
    const start = keysetStart(query, newest ? timeKey : deadlineKey);
    const rows = await selectDisputes(this.db)
      .where(and(...filters, newest ? afterOpening(start) : afterDeadline(start)))
      .orderBy(
        ...(newest ? [desc(disputes.openedAt), desc(disputes.id)] : [sql`${disputes.evidenceDueBy} asc nulls last`, asc(disputes.id)]),
      )
      .limit(start.limit);
    return keysetPage(rows.map(toAdminDispute), query.limit, (item) => [(newest ? item.openedAt : item.evidenceDueBy) ?? '', item.id]);
  }

  async one(id: string): Promise<AdminDispute> {
    const [row] = await selectDisputes(this.db).where(eq(disputes.id, id));
    if (!row) throw errors.notFound('Dispute');
    return toAdminDispute(row);
  }
}

/** A dispute with the disputed payment's member and creator. */
function selectDisputes(db: Database) {
  return db
    .select({
      dispute: disputes,
      memberId: charges.userId,
      memberEmail: memberUser.email,
      memberHandle: memberProfile.handle,
      creatorId: charges.creatorId,
      creatorEmail: creatorUser.email,
      creatorHandle: creatorProfile.handle,
    })
    .from(disputes)
    .innerJoin(charges, eq(charges.id, disputes.chargeId))
    .leftJoin(memberUser, eq(memberUser.id, charges.userId))
    .leftJoin(memberProfile, eq(memberProfile.userId, charges.userId))
    .leftJoin(creatorUser, eq(creatorUser.id, charges.creatorId))
    .leftJoin(creatorProfile, eq(creatorProfile.userId, charges.creatorId))
    .$dynamic();
}

type Start = { cursorKey: string | null; cursorId: string | null };

/** The rows after a cursor in `opened_at desc, id desc` order. */
function afterOpening({ cursorKey, cursorId }: Start): SQL | undefined {
  if (cursorKey === null) return undefined;
  return sql`(${disputes.openedAt}, ${disputes.id}) < (${cursorKey}::timestamptz, ${cursorId})`;
}

/** The rows after a cursor in `evidence_due_by asc nulls last, id asc` order ('': a dispute without a deadline). */
function afterDeadline({ cursorKey, cursorId }: Start): SQL | undefined {
  if (cursorKey === null) return undefined;
  if (cursorKey === '') return and(isNull(disputes.evidenceDueBy), sql`${disputes.id} > ${cursorId}`);
  return sql`(${disputes.evidenceDueBy} is null or (${disputes.evidenceDueBy}, ${disputes.id}) > (${cursorKey}::timestamptz, ${cursorId}))`;
}

type ListedRow = Awaited<ReturnType<typeof selectDisputes>>[number];

function toAdminDispute(row: ListedRow): AdminDispute {
  const { dispute } = row;
  return {
    id: dispute.id,
    provider: dispute.provider,
    providerRef: dispute.providerRef,
    chargeId: dispute.chargeId,
    member: { id: row.memberId, handle: row.memberHandle, email: row.memberEmail },
    creator: { id: row.creatorId, handle: row.creatorHandle, email: row.creatorEmail },
    amountMinor: dispute.amountMinor,
    feeMinor: dispute.feeMinor,
    feeReturnedMinor: dispute.feeReturnedMinor,
    currency: dispute.currency as Currency,
    reason: dispute.reason,
    status: dispute.status as DisputeStatus,
    outcome: dispute.outcome as AdminDispute['outcome'],
    evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
    evidenceUrl: dispute.evidenceUrl,
    openedAt: dispute.openedAt.toISOString(),
    closedAt: dispute.closedAt?.toISOString() ?? null,
  };
}
