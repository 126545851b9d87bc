let checked = false;

/**
 * The local cache's health check, once per start: opens it (loading its database library) and
 * logs when it is empty or unreadable.
 */
export async function checkLocalCacheOnce(): Promise<void> {
  if (checked) return;
  checked = true;
  try {
    const { openCache, checkCacheHealth } = await import('./cache');
    const health = await checkCacheHealth(await openCache());
    if (!health.healthy) console.info('Local cache is empty or unreadable; it fills as you browse.', health);
  } catch (error) {
    console.error('Local cache check failed.', error);
  }
}
