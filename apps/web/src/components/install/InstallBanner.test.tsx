import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderThemed } from '../../test/render-app';
import { useSnacksAtTop } from '../snack-queue';
import { InstallBanner } from './InstallBanner';
import { StepMedia } from './InstallGuideDialog';
import { INSTALL_BANNER_CLOSED_KEY } from './install-banner';

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36';

describe('InstallBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ANDROID_UA);
  });
  afterEach(() => vi.restoreAllMocks());

  it('appears after 3 seconds and remembers when it was closed', () => {
    renderThemed(<InstallBanner />);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('region', { name: 'Install Aurum' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('region', { name: 'Install Aurum' })).toBeTruthy();

    // Messages go to the top while the banner takes the bottom, and come back once it is gone.
    const atTop = renderHook(() => useSnacksAtTop());
    expect(atTop.result.current).toBe(true);
    act(() => screen.getByRole('button', { name: 'Close install banner' }).click());
    const stored = Number(window.localStorage.getItem(INSTALL_BANNER_CLOSED_KEY));
    expect(Math.abs(stored - Date.now())).toBeLessThan(1000);
    atTop.rerender();
    expect(atTop.result.current).toBe(false);
  });

  it('stays away when it was closed less than a day ago', () => {
    window.localStorage.setItem(INSTALL_BANNER_CLOSED_KEY, String(Date.now() - 60_000));
    renderThemed(<InstallBanner />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('region', { name: 'Install Aurum' })).toBeNull();
  });
});

describe('install guide steps', () => {
  it('says Oopsie. for a step with neither image nor video', () => {
    render(<StepMedia step={{ text: 'Nothing to show' }} />);
    expect(screen.getByText('Oopsie.')).toBeTruthy();
  });

  it('shows a silent looping video playing inline, with the fallback sentence, for a video step', () => {
    const { container } = render(
      <StepMedia step={{ text: 'Share', video: { src: '/demo.mp4', poster: '/poster.svg', label: 'How to share' } }} />,
    );
    const video = container.querySelector('video');
    expect([video?.loop, video?.muted, video?.autoplay, video?.hasAttribute('playsinline')]).toEqual([true, true, true, true]);
    expect(video?.querySelector('source')?.getAttribute('src')).toBe('/demo.mp4');
    expect(video?.textContent).toBe('Your browser does not support the video tag.');
  });
});
