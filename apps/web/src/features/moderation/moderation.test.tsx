import { type ModerationNoticesPage, type ReportedContent, type ReportedTargetsPage, ROLE } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearError } from '../../components/error-store';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';
import { makeCreatorPage } from '../../test/subscription-fixtures';

const member = makeUser({ id: 'v1', userId: 'v1', handle: 'viv', publicName: 'Viv' });
const admin = makeUser({
  id: 'a1',
  userId: 'a1',
  handle: 'ada',
  publicName: 'Ada',
  labels: [ROLE.admins],
  roles: ['members', ROLE.admins],
});
const author = { userId: 'c1', handle: 'goldie', publicName: 'Goldie Hawn', isCreator: true, suspended: false, banned: false };

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

const common = (user: ReturnType<typeof makeUser>) => ({
  'GET /api/me': () => ({ status: 200, body: user }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
});

describe('reporting', () => {
  afterEach(clearError);

  it('reports a profile with a reason and details, and says so when it was reported already', async () => {
    let reports = 0;
    const fetchMock = mockApi({
      ...common(member),
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: makeCreatorPage({ plans: [] }) }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [makePost()], nextCursor: null } }),
      'POST /api/reports': () =>
        ++reports === 1
          ? { status: 201, body: {} }
          : {
              status: 409,
              body: { type: 'already_reported', message: 'You already reported this; we will tell you what we decide.', statusCode: 409 },
            },
    });
    const user = userEvent.setup();
    renderApp('/users/c1');
    await user.click(await screen.findByRole('button', { name: 'More actions for Goldie Hawn' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Goldie Hawn' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Impersonation' }));
    await user.type(within(dialog).getByLabelText('More details (optional)'), 'Fake');
    await user.click(send);
    expect(await screen.findByText('Thank you. We will look into it and tell you what we decide.')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/reports')).toEqual([
      { targetKind: 'user', targetId: 'c1', reason: 'impersonation', text: 'Fake' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report Goldie Hawn' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'More actions for Goldie Hawn' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const again = await screen.findByRole('dialog', { name: 'Report Goldie Hawn' });
    await user.click(within(again).getByRole('radio', { name: 'Spam or scam' }));
    await user.click(within(again).getByRole('button', { name: 'Send report' }));
    expect(await within(again).findByText('You already reported this; we will tell you what we decide.')).toBeTruthy();
  }, 40_000);

  it('offers Report on a post of someone else, not on one own post', async () => {
    const post = makePost({ id: 'p1' });
    mockApi({ ...common(member), 'GET /api/posts/p1': () => ({ status: 200, body: post }) });
    const view = renderApp('/posts/p1');
    expect(await screen.findByRole('button', { name: 'Report this post' })).toBeTruthy();
    view.unmount();

    const creator = makeUser({ id: 'c1', userId: 'c1', handle: 'goldie', publicName: 'Goldie Hawn' });
    mockApi({ ...common(creator), 'GET /api/posts/p1': () => ({ status: 200, body: makePost({ id: 'p1', accessLevel: 'owner' }) }) });
    renderApp('/posts/p1');
    expect(await screen.findByRole('button', { name: 'Delete post' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report this post' })).toBeNull();
  });
});

describe('moderation pages', () => {
  afterEach(clearError);

  const queue: ReportedTargetsPage = {
    items: [
      {
        contentId: 'p1',
        targetKind: 'post',
        openReports: 3,
        reasons: ['spam', 'hate'],
        lastReportedAt: '2026-11-20T10:00:00.000Z',
        excerpt: 'Cheap followers',
        author,
      },
    ],
    nextCursor: null,
  };
  const content: ReportedContent = {
    contentId: 'p1',
    targetKind: 'post',
    text: 'Cheap followers',
    createdAt: '2026-11-19T10:00:00.000Z',
    removedAt: null,
    media: [],
    author,
    actions: ['dismiss', 'remove_content', 'suspend_creator', 'ban_user'],
    reports: [
      {
        id: 'r1',
        targetKind: 'post',
        targetId: 'p1',
        reason: 'spam',
        text: 'Fake followers',
        status: 'open',
        outcome: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        resolvedAt: null,
        reporter: { userId: 'v1', handle: 'viv', publicName: 'Viv' },
      },
    ],
  };

  it('lists reported content grouped with counts, and removes it with a reason', async () => {
    const fetchMock = mockApi({
      ...common(admin),
      'GET /api/admin/reported-content': () => ({ status: 200, body: queue }),
      'GET /api/admin/reported-content/p1': () => ({ status: 200, body: content }),
      'POST /api/admin/reported-content/p1/actions': () => ({ status: 200, body: { action: 'remove_content', resolvedReports: 1 } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/reported-content');
    const item = (await screen.findByText('3 reports')).closest('li') as HTMLElement;
    // A section of the admin area like the others: its own tab, marked.
    const tabs = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(tabs).getByRole('tab', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    expect(within(item).getByText('Spam or scam')).toBeTruthy();
    expect(within(item).getByText('Hate speech')).toBeTruthy();
    await user.click(within(item).getByRole('link', { name: 'Post by Goldie Hawn' }));

    expect(await screen.findByRole('heading', { name: 'Reported post' })).toBeTruthy();
    expect(screen.getByText('Fake followers')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove the content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the content?' });
    const confirm = within(dialog).getByRole('button', { name: 'Remove the content' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Spam');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reported-content'));
    expect(bodiesOf(fetchMock, 'POST /api/admin/reported-content/p1/actions')).toEqual([{ action: 'remove_content', reason: 'Spam' }]);
  });

  it('edits the restricted words', async () => {
    let words = ['fraud'];
    const fetchMock = mockApi({
      ...common(admin),
      'GET /api/admin/restricted-words': () => ({ status: 200, body: { words } }),
      'PUT /api/admin/restricted-words': (body) => {
        words = [...(body as { words: string[] }).words].sort();
        return { status: 200, body: { words } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/restricted-words');
    expect(await screen.findByText('fraud')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(tabs).getByRole('tab', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    await user.type(screen.getByLabelText('Word to add'), '  Scam ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('scam')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/admin/restricted-words')).toEqual([{ words: ['fraud', 'scam'] }]);
  });

  it("shows the user's notices and marks them read", async () => {
    const notices: ModerationNoticesPage = {
      items: [
        {
          id: 'n1',
          kind: 'report_outcome',
          message: 'You reported a post. We removed the content you reported.',
          reason: null,
          postId: null,
          createdAt: '2026-11-21T10:00:00.000Z',
          readAt: null,
        },
        {
          id: 'n2',
          kind: 'content_removed',
          message: 'An admin removed your post “Morning light” for breaking our rules.',
          reason: 'Spam',
          postId: 'p1',
          createdAt: '2026-11-20T10:00:00.000Z',
          readAt: null,
        },
      ],
      unread: 1,
      nextCursor: null,
    };
    const fetchMock = mockApi({
      ...common(member),
      'GET /api/me/moderation-notices': () => ({ status: 200, body: notices }),
      'POST /api/me/moderation-notices/read': () => ({ status: 200, body: { unread: 0 } }),
    });
    renderApp('/notices');
    expect(await screen.findByText('You reported a post. We removed the content you reported.')).toBeTruthy();
    // A removal names the post and links it; a notice about no post has no link.
    expect(screen.getByText('An admin removed your post “Morning light” for breaking our rules.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'See the removed post' }).map((link) => link.getAttribute('href'))).toEqual(['/posts/p1']);
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST /api/me/moderation-notices/read')).toHaveLength(1));
  });
});
