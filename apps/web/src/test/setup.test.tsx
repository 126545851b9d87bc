import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';

// A render that happens outside `act` (a response arriving, a timer) has Preact schedule its effects
// after the next paint. The shared setup ends that schedule with each test, so nothing of it fires once
// the test file's window, and with it `cancelAnimationFrame`, is gone.
describe('the cleanup after each test', () => {
  let setCount: ((count: number) => void) | undefined;
  function Counter() {
    const [count, set] = useState(0);
    setCount = set;
    useEffect(() => {
      document.title = `count ${count}`;
    }, [count]);
    return <p>count {count}</p>;
  }

  it('ends a test with effects scheduled after the next paint', async () => {
    render(<Counter />);
    setCount?.(1);
    expect(await screen.findByText('count 1')).toBeTruthy();
  });

  it('leaves nothing of that schedule to run after the window is gone', async () => {
    const cancelAnimationFrame = globalThis.cancelAnimationFrame;
    Reflect.deleteProperty(globalThis, 'cancelAnimationFrame');
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      globalThis.cancelAnimationFrame = cancelAnimationFrame;
    }
  });
});
