import { useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/** How long typing must pause before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search typed into a field: the text as typed, and the trimmed query once typing pauses, so a
 * list asks the server once per search, not once per key.
 */
export function useSearchText(initial: string) {
  const [text, setText] = useState(initial);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, q };
}
