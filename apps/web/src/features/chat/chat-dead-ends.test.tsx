import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

const signedIn = {
  'GET /api/me': () => ({ status: 200, body: makeUser() }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
  'GET /api/chats/unread': () => ({ status: 200, body: { unread: 0 } }),
};
const nobody = () => ({ status: 200, body: { items: [], nextCursor: null } });

describe('chat without a way in', () => {
  it('tells a member who finds nobody to chat with that a plan with chat opens it, and where to find one', async () => {
    mockApi({ ...signedIn, 'GET /api/chats/partners': nobody, 'GET /api/chats/partners?q=goldie': nobody });
    renderApp('/chat/new');
    expect(await screen.findByRole('heading', { name: 'Nobody to chat with yet' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search people'), 'goldie');
    expect(
      await screen.findByText(
        'Nobody you can chat with matches “goldie”. You can chat with a creator once you subscribe to a plan of theirs that includes chat.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore creators' }).getAttribute('href')).toBe('/explore');
  });

  it("says someone else's chat is not found and leads to the member's own chats, with nothing to try again", async () => {
    mockApi({
      ...signedIn,
      'GET /api/chats/c9': () => ({ status: 404, body: { type: 'not_found', message: 'Chat not found.', statusCode: 404 } }),
    });
    renderApp('/chat/c9');
    expect(await screen.findByRole('heading', { name: 'Chat not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your chats' }).getAttribute('href')).toBe('/chat');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
