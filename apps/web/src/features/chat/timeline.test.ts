import type { ChatMessage } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { buildTimeline, chatListTime, chatPreviewText, dayLabel } from './timeline';

const at = (iso: string) => new Date(iso);
const message = (id: string, senderId: string, createdAt: string): ChatMessage => ({
  id,
  chatId: 'c1',
  senderId,
  text: id,
  media: [],
  price: null,
  unlocked: true,
  paid: false,
  tip: null,
  createdAt,
});

describe('chatPreviewText', () => {
  const last = {
    id: 'm1',
    chatId: 'c1',
    senderId: 'creator',
    text: '',
    mediaCount: 1,
    price: null,
    tip: null,
    createdAt: '2026-11-25T15:00:00Z',
  };
  it('says what a message carried when it has no text, and who sent it', () => {
    expect(chatPreviewText(null, 'member')).toBe('No messages yet');
    expect(chatPreviewText({ ...last, text: 'Hello' }, 'member')).toBe('Hello');
    expect(chatPreviewText(last, 'member')).toBe('Sent an attachment');
    expect(chatPreviewText({ ...last, mediaCount: 3 }, 'creator')).toBe('You: Sent 3 attachments');
  });
  it('shows the price of a paid message to both sides', () => {
    const paid = { ...last, mediaCount: 2, price: { amountMinor: 500, currency: 'USD' as const } };
    expect(chatPreviewText(paid, 'member')).toBe('Paid message · $5.00');
    expect(chatPreviewText({ ...paid, text: 'For you' }, 'creator')).toBe('You: For you · $5.00');
  });
  it('names a tip and its amount, with what the tipper wrote', () => {
    const tip = { ...last, senderId: 'member', mediaCount: 0, tip: { amountMinor: 800, currency: 'USD' as const } };
    expect(chatPreviewText(tip, 'creator')).toBe('Tipped $8.00');
    expect(chatPreviewText({ ...tip, text: 'Loved the call' }, 'member')).toBe('You: Tipped $8.00 · Loved the call');
  });
});

describe('dayLabel and chatListTime', () => {
  const now = at('2026-11-25T15:00:00');
  it('names today and yesterday, and dates further back', () => {
    expect(dayLabel(at('2026-11-25T01:00:00'), now)).toBe('Today');
    expect(dayLabel(at('2026-11-24T23:59:00'), now)).toBe('Yesterday');
    expect(dayLabel(at('2026-11-20T12:00:00'), now)).toBe('Nov 20, 2026');
  });
  it('shows the hour today, the weekday within the week, else the date', () => {
    expect(chatListTime('2026-11-25T09:05:00', now)).toBe('9:05 AM');
    expect(chatListTime('2026-11-22T09:05:00', now)).toBe('Sun');
    expect(chatListTime('2026-10-01T09:05:00', now)).toBe('Oct 1, 2026');
  });
});

describe('buildTimeline', () => {
  const now = at('2026-11-25T15:00:00');
  // The API's pages: newest first.
  const pages = [
    [message('m4', 'me', '2026-11-25T10:00:00'), message('m3', 'them', '2026-11-25T09:00:00')],
    [message('m2', 'me', '2026-11-24T20:00:00'), message('m1', 'them', '2026-11-24T19:00:00')],
  ];

  it('puts the conversation oldest first with a separator at each new day', () => {
    const items = buildTimeline(pages, [], { chatId: 'c1', userId: 'me', partnerLastRead: null, now });
    expect(items.map((item) => (item.kind === 'day' ? item.label : item.key))).toEqual(['Yesterday', 'm1', 'm2', 'Today', 'm3', 'm4']);
  });

  it('marks own messages read up to the partner’s read position and sent after it', () => {
    const items = buildTimeline(pages, [], { chatId: 'c1', userId: 'me', partnerLastRead: pages[1]?.[0] ?? null, now });
    const delivery = Object.fromEntries(items.flatMap((item) => (item.kind === 'message' ? [[item.key, item.delivery]] : [])));
    expect(delivery).toEqual({ m1: null, m2: 'read', m3: null, m4: 'sent' });
  });

  it('shows messages being sent after the stored ones, failed ones as failed, and drops them once stored', () => {
    const pending = [
      { id: 'p1', text: 'on its way', mediaIds: [], price: null, createdAt: '2026-11-25T10:01:00', failed: false },
      { id: 'p2', text: 'lost', mediaIds: [], price: null, createdAt: '2026-11-25T10:02:00', failed: true },
      { id: 'm4', text: 'already stored', mediaIds: [], price: null, createdAt: '2026-11-25T10:00:00', failed: false },
    ];
    const items = buildTimeline(pages, pending, { chatId: 'c1', userId: 'me', partnerLastRead: null, now });
    const tail = items.slice(-3).map((item) => (item.kind === 'message' ? [item.key, item.delivery] : item.kind));
    expect(tail).toEqual([
      ['m4', 'sent'],
      ['p1', 'sending'],
      ['p2', 'failed'],
    ]);
  });
});
