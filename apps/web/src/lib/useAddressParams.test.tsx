import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './useAddressParams';

function renderAddressParams(start: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[start]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [params, change] = useAddressParams();
      return { params, change, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper },
  );
}

describe('useAddressParams', () => {
  it('keeps every one of several quick changes, made before the address renders again', () => {
    const { result } = renderAddressParams('/users?tab=fans');
    act(() => {
      result.current.change({ relation: 'subscribers' });
      result.current.change({ planId: 'p1' });
      result.current.change({ tab: null, q: 'fan' });
    });
    expect(result.current.location.search).toBe('?relation=subscribers&planId=p1&q=fan');
    expect(result.current.params.get('planId')).toBe('p1');
  });

  it('replaces the history entry, and builds on an address reached by going back', () => {
    const { result } = renderAddressParams('/explore?sort=new');
    act(() => void result.current.navigate('/explore?sort=popular'));
    act(() => result.current.change({ q: 'gold' }));
    act(() => void result.current.navigate(-1));
    expect(result.current.location.search).toBe('?sort=new');
    act(() => result.current.change({ q: 'leaf' }));
    expect(result.current.location.search).toBe('?sort=new&q=leaf');
  });
});
