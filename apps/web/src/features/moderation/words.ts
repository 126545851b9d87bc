/** A word as the server stores it: trimmed and lower-case; empty when there is nothing to add. */
export const normalizeWord = (value: string) => value.trim().toLowerCase();
