import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Parameters to set (a value) or remove (null or empty) in the address. */
export type AddressChanges = Readonly<Record<string, string | null | undefined>>;

/**
 * The address's query parameters (a page's search, tabs and filters), and a way to change some
 * of them in place (replacing the history entry). Changes build on each other: the router moves
 * to a new address in a transition, so until that renders, react-router's own setter would hand
 * a second quick change the address as last rendered and undo the first (a plan filter chosen
 * right after a tab). This keeps the address last asked for until a render shows a new one.
 */
export function useAddressParams(): [URLSearchParams, (changes: AddressChanges) => void] {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  const lastRendered = useRef(rendered);
  const latest = useRef(rendered);
  if (lastRendered.current !== rendered) {
    // A new address was rendered (ours, or a move back or forward): it is the one to build on.
    lastRendered.current = rendered;
    latest.current = rendered;
  }
  const change = useCallback(
    (changes: AddressChanges) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      latest.current = next.toString();
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, change];
}
