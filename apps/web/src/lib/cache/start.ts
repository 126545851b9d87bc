/**
 * Starts the local cache's health check and maintenance while someone is signed in (its
 * database library loads then, not with the first page). Returns the stop.
 */
export function startLocalCache(): () => void {
  let stop: (() => void) | undefined;
  let ended = false;
  import('./maintenance')
    .then(({ runLocalCache }) => runLocalCache())
    .then((stopMaintenance) => {
      if (ended) stopMaintenance();
      else stop = stopMaintenance;
    })
    .catch((error: unknown) => console.error('Local cache check failed.', error));
  return () => {
    ended = true;
    stop?.();
  };
}
