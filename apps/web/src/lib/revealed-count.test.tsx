import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealedCount } from './revealed-count';

describe('useRevealedCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the first screen at once and the rest a few per task', () => {
    const { result } = renderHook(() => useRevealedCount(8));
    expect(result.current).toBe(3);
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(5);
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(7);
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(8);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws a short list whole, and reveals what a longer one adds', () => {
    const { result, rerender } = renderHook(({ total }) => useRevealedCount(total), { initialProps: { total: 2 } });
    expect(result.current).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 6 });
    expect(result.current).toBe(3);
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(5);
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(6);
    expect(vi.getTimerCount()).toBe(0);
  });
});
