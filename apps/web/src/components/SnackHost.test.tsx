import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SnackHost } from './SnackHost';
import { addSnack, clearSnacks, leavePageSnacks, SNACK_DURATION_MS, snackStore, useSnacksClearOfBottom } from './snack-queue';

afterEach(() => act(() => clearSnacks()));

describe('snack queue', () => {
  it('keeps the newest message only, and clears it', () => {
    addSnack('First');
    addSnack('Second', 'success');
    expect(snackStore.get().map((message) => [message.text, message.severity])).toEqual([['Second', 'success']]);
    clearSnacks();
    expect(snackStore.get()).toEqual([]);
  });

  it('shows a newer message in place of the one on screen at once, and closes it', async () => {
    render(<SnackHost />);
    act(() => addSnack('Saved your profile.', 'success'));
    expect(screen.getByText('Saved your profile.')).toBeTruthy();
    act(() => addSnack('A new code is on its way.'));
    expect(screen.getByText('A new code is on its way.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Saved your profile.')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('A new code is on its way.')).toBeNull());
    expect(snackStore.get()).toEqual([]);
  });

  it('lets a message that came with a move to another page stay, and drops one held on screen past its time', () => {
    addSnack('Thank you. We will look into it.', 'success');
    const shownAt = snackStore.get()[0]?.shownAt ?? 0;
    leavePageSnacks(shownAt + SNACK_DURATION_MS / 2);
    expect(snackStore.get()).toHaveLength(1);
    leavePageSnacks(shownAt + SNACK_DURATION_MS * 3);
    expect(snackStore.get()).toEqual([]);
  });

  it('shows messages at the top while the page keeps its bottom for typing, and back at the bottom after', () => {
    function Typing() {
      useSnacksClearOfBottom();
      return null;
    }
    const { rerender } = render(
      <>
        <SnackHost />
        <Typing />
      </>,
    );
    act(() => addSnack('Unlocked.', 'success'));
    const snackbar = () => screen.getByText('Unlocked.').closest('.MuiSnackbar-root') as HTMLElement;
    expect(snackbar().className).toContain('MuiSnackbar-anchorOriginTopCenter');
    rerender(<SnackHost />);
    expect(snackbar().className).toContain('MuiSnackbar-anchorOriginBottomCenter');
  });
});
