import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorDialog } from './ErrorDialog';
import { clearError, errorStore, setError } from './error-store';

describe('ErrorDialog', () => {
  it('is hidden until an error is set', () => {
    render(<ErrorDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a string error as the message and closes with Close, clearing the error', async () => {
    render(<ErrorDialog />);
    act(() => setError('The upload failed.'));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain('The upload failed.');
    expect(errorStore.get().error).toBeInstanceOf(Error);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(errorStore.get()).toEqual({ error: null, show: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('falls back to a generic message for an error without one', async () => {
    render(<ErrorDialog />);
    act(() => setError(new Error('')));
    expect((await screen.findByRole('dialog')).textContent).toContain('An unexpected error occurred');
    act(() => clearError());
  });

  it('is at most 500 px wide', async () => {
    render(<ErrorDialog />);
    act(() => setError('Too wide?'));
    const dialog = await screen.findByRole('dialog');
    expect(getComputedStyle(dialog).maxWidth).toBe('500px');
    act(() => clearError());
  });
});
