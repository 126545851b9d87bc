import { DAY_MS } from '@aurum/core';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { charges, disputes, reports, supportTickets, verificationRequests } from '../db/schema.js';
import type { AttentionSource } from './service.js';

/**
 * The counts on the admin home, one per queue. A domain that gets a queue adds its kind to
 * core's ATTENTION_KINDS and its source to the list app.ts hands the admin service; the
 * endpoint and the page take it from there.
 */
export const pendingVerifications: AttentionSource = {
  kind: 'pending_verifications',
  count: async (db) => {
    const [row] = await db.select({ n: count() }).from(verificationRequests).where(eq(verificationRequests.status, 'pending'));
    return row?.n ?? 0;
  },
};

/** Reported content waiting for a decision: each open report counts. */
export const openReports: AttentionSource = {
  kind: 'open_reports',
  count: async (db) => {
    const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
    return row?.n ?? 0;
  },
};

/** Support tickets waiting for an answer. */
export const openSupportTickets: AttentionSource = {
  kind: 'open_support_tickets',
  count: async (db) => {
    const [row] = await db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.status, 'open'));
    return row?.n ?? 0;
  },
};

/** Payments that failed in the last day, by when they were settled as failed. */
export const failedPaymentsLastDay: AttentionSource = {
  kind: 'failed_payments_day',
  count: async (db, now) => {
    const since = new Date(now.getTime() - DAY_MS);
    const [row] = await db
      .select({ n: count() })
      .from(charges)
      .where(and(eq(charges.status, 'failed'), gte(sql`coalesce(${charges.settledAt}, ${charges.createdAt})`, since)));
    return row?.n ?? 0;
  },
};

/** Disputes whose evidence is still to be sent before their deadline (chargebacks and inquiries). */
export const disputesNeedingEvidence: AttentionSource = {
  kind: 'disputes_needing_evidence',
  count: async (db) => {
    const [row] = await db
      .select({ n: count() })
      .from(disputes)
      .where(inArray(disputes.status, ['needs_response', 'warning_needs_response']));
    return row?.n ?? 0;
  },
};

export const ATTENTION_SOURCES: readonly AttentionSource[] = [
  pendingVerifications,
  openReports,
  openSupportTickets,
  failedPaymentsLastDay,
  disputesNeedingEvidence,
];
