import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Failing({ error }: { error: Error }): never {
  throw error;
}

describe('RouteErrorBoundary', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('keeps the member on the page whose code is gone and offers to load it again', async () => {
    window.history.replaceState(null, '', '/chats/c1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const gone = new TypeError('Failed to fetch dynamically imported module: https://aurum.example/assets/ChatPage-old.js');
    render(
      <RouteErrorBoundary>
        <Failing error={gone} />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(window.location.pathname).toBe('/chats/c1');
  });

  it('starts over from the landing page after any other failure', async () => {
    window.history.replaceState(null, '', '/chats/c1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <RouteErrorBoundary>
        <Failing error={new Error('Cannot read properties of undefined')} />
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
