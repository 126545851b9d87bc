import { handleSchema } from '@aurum/core';

export interface HandleStatus {
  text: string;
  error: boolean;
  /** The normalised handle, when it is valid. */
  handle: string | null;
}

export const HANDLE_HINT = 'Letters, digits, dots and underscores; people find you by it.';

/** The validity of a handle as typed, before asking the server whether it is free. */
export function validateHandle(input: string): HandleStatus {
  if (!input.trim()) return { text: HANDLE_HINT, error: false, handle: null };
  const parsed = handleSchema.safeParse(input);
  if (!parsed.success) return { text: parsed.error.issues[0]?.message ?? 'This handle cannot be used', error: true, handle: null };
  return { text: HANDLE_HINT, error: false, handle: parsed.data };
}

export type Availability = { state: 'checking' } | { state: 'known'; available: boolean } | { state: 'failed' } | { state: 'own' };

/** The sentence under the handle field, combining validation and the live availability check. */
export function describeHandle(validation: HandleStatus, availability: Availability): HandleStatus {
  if (validation.error || validation.handle === null) return validation;
  const at = `@${validation.handle}`;
  switch (availability.state) {
    case 'own':
      return { ...validation, text: `${at} is your handle.` };
    case 'checking':
      return { ...validation, text: `Checking whether ${at} is free…` };
    case 'failed':
      return { ...validation, text: 'Could not check the handle right now; you can still try it.' };
    case 'known':
      return availability.available
        ? { ...validation, text: `${at} is available.` }
        : { ...validation, text: `${at} is taken. Try another.`, error: true };
  }
}
