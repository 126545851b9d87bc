import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './router';

function Ready() {
  return <p>Ready</p>;
}

describe('lazy pages', () => {
  it('wait for their code the first time, then render in the same pass once it is loaded', async () => {
    const load = vi.fn(async () => ({ default: Ready }));
    const Page = lazyPage(load);
    const first = render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Ready')).toBeTruthy();
    first.unmount();

    // Its code is here now: a new page renders it at once, without the fallback in between.
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
