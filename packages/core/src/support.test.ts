import { describe, expect, it } from 'vitest';
import { createSupportTicketSchema, SUPPORT_STATUSES, supportStatusAfter } from './support.js';

describe('supportStatusAfter', () => {
  it('waits for support after the author writes, for the author after support writes, and refuses writing in a closed ticket', () => {
    expect(SUPPORT_STATUSES.map((status) => supportStatusAfter(status, 'author_message'))).toEqual(['open', 'open', null]);
    expect(SUPPORT_STATUSES.map((status) => supportStatusAfter(status, 'support_message'))).toEqual(['answered', 'answered', null]);
  });

  it('closes from any status and reopens only a closed ticket', () => {
    expect(SUPPORT_STATUSES.map((status) => supportStatusAfter(status, 'close'))).toEqual(['closed', 'closed', 'closed']);
    expect(SUPPORT_STATUSES.map((status) => supportStatusAfter(status, 'reopen'))).toEqual(['open', 'answered', 'open']);
  });
});

describe('createSupportTicketSchema', () => {
  it('trims, and refuses an empty or multi-line subject and an empty message', () => {
    expect(createSupportTicketSchema.parse({ subject: ' Help ', message: ' Hi ' })).toEqual({ subject: 'Help', message: 'Hi' });
    expect(createSupportTicketSchema.safeParse({ subject: ' ', message: 'Hi' }).success).toBe(false);
    expect(createSupportTicketSchema.safeParse({ subject: 'a\nb', message: 'Hi' }).success).toBe(false);
    expect(createSupportTicketSchema.safeParse({ subject: 'Help', message: '  ' }).success).toBe(false);
  });
});
