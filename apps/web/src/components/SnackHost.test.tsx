import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SnackHost } from './SnackHost';
import { addSnack, clearSnacks, snackStore } from './snack-queue';

afterEach(() => act(() => clearSnacks()));

describe('snack queue', () => {
  it('queues messages in order and clears them all', () => {
    addSnack('First');
    addSnack('Second', 'success');
    expect(snackStore.get().map((message) => [message.text, message.severity])).toEqual([
      ['First', 'info'],
      ['Second', 'success'],
    ]);
    clearSnacks();
    expect(snackStore.get()).toEqual([]);
  });

  it('shows one message at a time, the next after the first is closed', async () => {
    render(<SnackHost />);
    act(() => {
      addSnack('Saved your profile.', 'success');
      addSnack('A new code is on its way.');
    });
    expect(screen.getByText('Saved your profile.')).toBeTruthy();
    expect(screen.queryByText('A new code is on its way.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByText('A new code is on its way.')).toBeTruthy());
    expect(screen.queryByText('Saved your profile.')).toBeNull();
    expect(snackStore.get()).toHaveLength(1);
  });
});
