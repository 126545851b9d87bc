import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMedia } from '../../test/post-fixtures';
import { MessageBubble } from './MessageBubble';

const message = {
  id: 'm1',
  chatId: 'c1',
  senderId: 'creator',
  text: 'From the shoot',
  createdAt: '2026-11-25T10:00:00.000Z',
  price: null,
  unlocked: true,
  paid: false,
  media: [
    makeMedia({ position: 0, urls: { playable: '/api/chats/c1/messages/m1/media/0/playable?v=a' } }),
    makeMedia({ position: 1, kind: 'video', urls: { playable: '/api/chats/c1/messages/m1/media/1/playable?v=b', poster: '/p' } }),
  ],
};

describe('message bubble', () => {
  it('shows a message’s photos and videos above its text, from the chat’s own addresses', () => {
    const { container } = render(
      <MessageBubble message={message} mine={false} delivery={null} showDelivery={false} onRetry={() => undefined} />,
    );
    expect(screen.getByRole('img', { name: 'Photo 1 of 2' }).getAttribute('src')).toBe('/api/chats/c1/messages/m1/media/0/playable?v=a');
    expect(screen.getByLabelText('Video 2 of 2').getAttribute('src')).toBe('/api/chats/c1/messages/m1/media/1/playable?v=b');
    expect(screen.getByText('From the shoot')).toBeTruthy();
    expect(container.textContent).not.toContain('Sent');
  });

  it('says when one’s own message failed, with a retry', () => {
    render(<MessageBubble message={{ ...message, media: [] }} mine delivery="failed" showDelivery={false} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Not sent');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
