export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occurred';

/** The sentence to show for a failure, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return FALLBACK_ERROR_MESSAGE;
}
