/**
 * The address a code was sent to, kept for this tab only: the code step shows it and uses it
 * for "Send a new code". The server never needs it back, since the challenge id identifies the code.
 */
const KEY = 'aurum.signInEmail';

export function rememberSignInEmail(email: string): void {
  window.sessionStorage.setItem(KEY, email);
}

export function rememberedSignInEmail(): string | null {
  return window.sessionStorage.getItem(KEY);
}
