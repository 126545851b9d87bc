import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, chatState, sendMessageSchema } from './chat.js';

describe('chatState', () => {
  it('is decided for every combination of block and chat perk', () => {
    const table = [
      { blocked: false, chatPerk: true, state: 'open' },
      { blocked: false, chatPerk: false, state: 'read_only' },
      { blocked: true, chatPerk: true, state: 'blocked' },
      { blocked: true, chatPerk: false, state: 'blocked' },
    ] as const;
    for (const { state, ...facts } of table) expect(chatState(facts), JSON.stringify(facts)).toBe(state);
  });
});

describe('sendMessageSchema', () => {
  const id = '18c0a1b2c3d4e5f';
  it('trims the text and refuses an empty or too long one', () => {
    expect(sendMessageSchema.parse({ id, text: '  hello  ' }).text).toBe('hello');
    expect(sendMessageSchema.safeParse({ id, text: '   ' }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id, text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ id, text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id: 'not an id', text: 'hi' }).success).toBe(false);
  });
});
