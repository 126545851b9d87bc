import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('message composer', () => {
  it('refuses to send while offline, says so and keeps the text; back online it sends', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onSend = vi.fn();
    const onTyping = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Composer canAttach={false} onSend={onSend} onTyping={onTyping} />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'See you at the pier' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(onTyping).not.toHaveBeenCalled();
    expect(screen.getByText("You're offline: messages can't be sent until you're back online.")).toBeTruthy();
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('See you at the pier');

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText("You're offline: messages can't be sent until you're back online.")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: 'See you at the pier', mediaIds: [], price: null });
  });
});
