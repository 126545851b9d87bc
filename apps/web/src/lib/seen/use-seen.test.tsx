import { SEEN_DEFAULT_DURATION_MS } from '@aurum/core';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSeenSession, seenPostId, useSeen } from './use-seen';

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** Reports the observed element as `ratio` visible, `height` of a 800 px high screen. */
  show(ratio: number, height = 100 * ratio) {
    const entry = {
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height },
      rootBounds: { height: 800 },
      target: this.observed[0],
    } as unknown as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

const observer = () => {
  const last = FakeObserver.instances.at(-1);
  if (!last) throw new Error('no observer');
  return last;
};

function Seen({ postId }: { postId: string }) {
  return <div ref={useSeen(postId)}>post</div>;
}

let calls: { url: string; body: unknown }[];
let status: number;

beforeEach(() => {
  FakeObserver.instances = [];
  calls = [];
  status = 201;
  resetSeenSession();
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    const body = status === 409 ? { type: 'already_seen', message: 'Already seen.', statusCode: 409 } : {};
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useSeen', () => {
  it('records a post after it was half on screen for the default duration', async () => {
    render(<Seen postId="p1" />);
    expect(observer().options?.threshold).toContain(0.5);
    observer().show(0.4);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS * 2));
    expect(calls).toEqual([]);

    observer().show(0.5);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS - 1));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toEqual([{ url: '/api/seen', body: { entityId: 'p1', type: 'post', duration: SEEN_DEFAULT_DURATION_MS } }]);
    expect(observer().disconnected).toBe(true);
  });

  it('cancels the wait when the post leaves the screen, and starts over when it returns', async () => {
    render(<Seen postId="p2" />);
    observer().show(0.8);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS - 100));
    observer().show(0.2);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS * 3));
    expect(calls).toEqual([]);
    observer().show(1);
    // Still visible as it moves: the timer keeps running rather than restarting.
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS / 2));
    observer().show(0.9);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS / 2));
    expect(calls.map((call) => call.body)).toEqual([{ entityId: 'p2', type: 'post', duration: SEEN_DEFAULT_DURATION_MS }]);
  });

  it('counts a post taller than the screen once it fills half the screen', async () => {
    render(<Seen postId="tall" />);
    observer().show(0.3, 400);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS));
    expect(calls).toHaveLength(1);
  });

  it('sends each post once per session and ignores 409 already seen', async () => {
    status = 409;
    const { unmount } = render(<Seen postId="p3" />);
    observer().show(1);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS));
    expect(calls).toHaveLength(1);
    unmount();

    const count = FakeObserver.instances.length;
    render(<Seen postId="p3" />);
    // Already sent in this session: nothing is observed.
    expect(FakeObserver.instances).toHaveLength(count);
    expect(calls).toHaveLength(1);
  });

  it('does not record when unmounted before the duration passes', async () => {
    const { unmount } = render(<Seen postId="p4" />);
    observer().show(1);
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS / 2));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(SEEN_DEFAULT_DURATION_MS * 2));
    expect(calls).toEqual([]);
  });
});

describe('seenPostId', () => {
  it("marks others' posts, locked ones too (the server records them as seen locked), never the creator's own", () => {
    expect(seenPostId({ id: 'p1', accessLevel: 'subscription' })).toBe('p1');
    expect(seenPostId({ id: 'p2', accessLevel: 'sneakpeek' })).toBe('p2');
    expect(seenPostId({ id: 'p3', accessLevel: 'owner' })).toBeNull();
  });
});
