/**
 * The service worker's cache of blurred pictures and profile pictures (vite.config.ts): what
 * it keeps of users' media. Originals and unblurred previews are never kept there.
 */
export const USER_IMAGES_CACHE = 'aurum-user-images';

/** Empties it on sign-out and account deletion, so the next person on this browser starts clean. */
export async function forgetUserImages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(USER_IMAGES_CACHE).catch((error: unknown) => console.error('Could not clear the picture cache.', error));
}
