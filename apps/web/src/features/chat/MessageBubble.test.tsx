import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  tip: null,
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

  it('names a tip and its amount to both sides, with what the tipper wrote or nothing more', () => {
    const tip = { ...message, senderId: 'member', media: [], text: 'Loved the call', tip: { amountMinor: 800, currency: 'USD' as const } };
    const { container, rerender } = render(
      <MessageBubble message={tip} mine={false} delivery={null} showDelivery={false} onRetry={() => undefined} />,
    );
    expect(screen.getByText('Tipped $8.00')).toBeTruthy();
    expect(screen.getByText('Loved the call')).toBeTruthy();
    rerender(<MessageBubble message={{ ...tip, text: '' }} mine delivery="sent" showDelivery onRetry={() => undefined} />);
    expect(screen.getByText('You tipped $8.00')).toBeTruthy();
    expect(container.textContent).not.toContain('Attachment');
  });

  it('says when one’s own message failed, with a retry', () => {
    render(<MessageBubble message={{ ...message, media: [] }} mine delivery="failed" showDelivery={false} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Not sent');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows a paid message it has not unlocked blurred, with the price and a way to pay', () => {
    const locked = {
      ...message,
      price: { amountMinor: 650, currency: 'USD' as const },
      unlocked: false,
      media: [makeMedia({ position: 0, urls: { blur: '/api/chats/c1/messages/m1/media/0/blur?v=a' } })],
    };
    const onUnlock = vi.fn();
    render(
      <MessageBubble message={locked} mine={false} delivery={null} showDelivery={false} onRetry={() => undefined} onUnlock={onUnlock} />,
    );
    expect(screen.getByRole('img', { name: 'Photo, blurred: locked' }).getAttribute('src')).toBe(
      '/api/chats/c1/messages/m1/media/0/blur?v=a',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for $6.50' }));
    expect(onUnlock).toHaveBeenCalledOnce();
  });

  it('tells the sender whether their paid message was bought, and the payer that they unlocked it', () => {
    const priced = { ...message, price: { amountMinor: 650, currency: 'USD' as const } };
    const { rerender, container } = render(
      <MessageBubble message={priced} mine delivery="sent" showDelivery={false} onRetry={() => undefined} />,
    );
    expect(container.textContent).toContain('$6.50 · not paid yet');
    rerender(<MessageBubble message={{ ...priced, paid: true }} mine delivery="sent" showDelivery={false} onRetry={() => undefined} />);
    expect(container.textContent).toContain('Paid · $6.50');
    rerender(
      <MessageBubble message={{ ...priced, paid: true }} mine={false} delivery={null} showDelivery={false} onRetry={() => undefined} />,
    );
    expect(container.textContent).toContain('Unlocked · $6.50');
    expect(screen.queryByRole('button', { name: /Unlock for/ })).toBeNull();
  });
});
