import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BlockButton } from './BlockButton';

describe('BlockButton', () => {
  it('shows its content and clicks through when idle', async () => {
    const onClick = vi.fn();
    render(<BlockButton onClick={onClick}>Save</BlockButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('replaces its content with a spinner and is disabled while loading', async () => {
    const onClick = vi.fn();
    render(
      <BlockButton loading onClick={onClick}>
        Save
      </BlockButton>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).not.toContain('Save');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button).catch(() => {});
    expect(onClick).not.toHaveBeenCalled();
  });
});
