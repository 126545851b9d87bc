import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import {
  charges,
  chatParticipants,
  creatorBalances,
  creatorOnboarding,
  follows,
  knownDevices,
  messages,
  passkeys,
  payouts,
  plans,
  postMedia,
  posts,
  profiles,
  recoveryCodes,
  sessions,
  subscriptions,
  tips,
  totpAuthenticators,
  userData,
  users,
} from '../db/schema.js';

const creator = alias(profiles, 'creator_profile');

/**
 * Everything the member's download holds, read in one pass per table: their account and
 * profile, follows, subscriptions, payments (a tip with its message), the messages of their chats (both sides), their
 * posts without media bytes, as a creator their balances and payouts, and how they sign in:
 * sessions, known devices and second factors, without any secret, token or hash. Other members
 * appear by handle only.
 */
export async function collectPersonalData(db: Database, userId: string, at: Date) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      labels: users.labels,
      createdAt: users.createdAt,
      handle: profiles.handle,
      publicName: profiles.publicName,
      bio: profiles.bio,
      avatarColor: profiles.avatarColor,
      lastOnline: profiles.lastOnline,
      registrationCompletedAt: userData.registrationCompletedAt,
      identityVerifiedAt: userData.identityVerifiedAt,
      termsAcceptedAt: userData.termsAcceptedAt,
      termsVersion: userData.termsVersion,
      chatEmailNotices: userData.chatEmailNotices,
      pushNewPosts: userData.pushNewPosts,
      pushChatMessages: userData.pushChatMessages,
      timeZone: userData.timeZone,
      language: userData.language,
      birthDate: creatorOnboarding.birthDate,
      gender: creatorOnboarding.gender,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(userData, eq(userData.userId, users.id))
    .leftJoin(creatorOnboarding, eq(creatorOnboarding.userId, users.id))
    .where(eq(users.id, userId));
  const [followRows, subscriptionRows, paymentRows, messageRows, postRows, balanceRows, payoutRows] = await Promise.all([
    db
      .select({ creatorId: follows.creatorId, creatorHandle: creator.handle, followedAt: follows.createdAt })
      .from(follows)
      .leftJoin(creator, eq(creator.userId, follows.creatorId))
      .where(eq(follows.userId, userId))
      .orderBy(asc(follows.createdAt)),
    db
      .select({
        id: subscriptions.id,
        creatorHandle: creator.handle,
        planName: plans.name,
        priceMinor: plans.priceMinor,
        currency: plans.currency,
        autoRenew: subscriptions.autoRenew,
        validUntil: subscriptions.validUntil,
        lapsedAt: subscriptions.lapsedAt,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .leftJoin(creator, eq(creator.userId, subscriptions.creatorId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.createdAt)),
    db
      .select({
        id: charges.id,
        kind: charges.kind,
        status: charges.status,
        amountMinor: charges.amountMinor,
        currency: charges.currency,
        // What it would have cost without the discount the member had, if one.
        listAmountMinor: charges.listAmountMinor,
        creatorHandle: creator.handle,
        createdAt: charges.createdAt,
        settledAt: charges.settledAt,
        // A tip's message, as the member wrote it; the post a payment bought or was a tip on.
        tipMessage: tips.message,
        postId: sql<string | null>`coalesce(${charges.postId}, ${tips.postId})`,
      })
      .from(charges)
      .leftJoin(creator, eq(creator.userId, charges.creatorId))
      .leftJoin(tips, eq(tips.chargeId, charges.id))
      .where(eq(charges.userId, userId))
      .orderBy(asc(charges.createdAt)),
    db
      .select({
        id: messages.id,
        chatId: messages.chatId,
        fromMe: sql<boolean>`${messages.senderId} = ${userId}`,
        body: messages.body,
        priceMinor: messages.priceMinor,
        currency: messages.currency,
        sentAt: messages.createdAt,
        removedAt: messages.removedAt,
      })
      .from(messages)
      .innerJoin(chatParticipants, and(eq(chatParticipants.chatId, messages.chatId), eq(chatParticipants.userId, userId)))
      .orderBy(asc(messages.chatId), asc(messages.createdAt)),
    db
      .select({
        id: posts.id,
        text: posts.text,
        access: posts.access,
        publishAt: posts.publishAt,
        createdAt: posts.createdAt,
        deletedAt: posts.deletedAt,
        likeCount: posts.likeCount,
        mediaCount: sql<number>`(select count(*)::int from ${postMedia} where ${postMedia.postId} = ${posts.id})`,
      })
      .from(posts)
      .where(eq(posts.creatorId, userId))
      .orderBy(asc(posts.createdAt)),
    db
      .select({
        currency: creatorBalances.currency,
        pendingMinor: creatorBalances.pendingMinor,
        availableMinor: creatorBalances.availableMinor,
        paidOutMinor: creatorBalances.paidOutMinor,
      })
      .from(creatorBalances)
      .where(eq(creatorBalances.creatorId, userId))
      .orderBy(asc(creatorBalances.currency)),
    db
      .select({
        id: payouts.id,
        amountMinor: payouts.amountMinor,
        currency: payouts.currency,
        status: payouts.status,
        destination: sql<string>`${payouts.destination}->>'label'`,
        failureMessage: payouts.failureMessage,
        createdAt: payouts.createdAt,
        settledAt: payouts.settledAt,
      })
      .from(payouts)
      .where(eq(payouts.creatorId, userId))
      .orderBy(asc(payouts.createdAt)),
  ]);
  return {
    exportedAt: at.toISOString(),
    ...(await collectSignIn(db, userId)),
    profile: account ?? null,
    follows: followRows,
    subscriptions: subscriptionRows,
    payments: paymentRows,
    messages: messageRows,
    posts: postRows,
    balances: balanceRows,
    payouts: payoutRows,
  };
}

/** Where and how the member signs in: what the sessions and security settings show them. */
async function collectSignIn(db: Database, userId: string) {
  const [sessionRows, deviceRows, authenticatorRows, passkeyRows, recoveryRows] = await Promise.all([
    db
      .select({
        signedInAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ip,
        userAgent: sessions.userAgent,
        secondFactorAt: sessions.secondFactorAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({ firstSignInAt: knownDevices.createdAt, lastSignInAt: knownDevices.lastSignInAt })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(asc(knownDevices.createdAt)),
    db
      .select({ addedAt: totpAuthenticators.createdAt, confirmedAt: totpAuthenticators.confirmedAt })
      .from(totpAuthenticators)
      .where(eq(totpAuthenticators.userId, userId)),
    db
      .select({ name: passkeys.name, synced: passkeys.synced, addedAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db
      .select({ issuedAt: recoveryCodes.createdAt, usedAt: recoveryCodes.usedAt })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId))
      .orderBy(asc(recoveryCodes.createdAt)),
  ]);
  return {
    sessions: sessionRows,
    knownDevices: deviceRows,
    secondFactors: {
      authenticatorApp: authenticatorRows[0] ?? null,
      passkeys: passkeyRows,
      recoveryCodes: recoveryRows,
    },
  };
}
