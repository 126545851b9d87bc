/**
 * Crash points for the crash-safety tests: when the test environment names a point in
 * AURUM_FAILPOINT, the process kills itself there, as a power cut or OOM kill would, so
 * the test can restart it and check that nothing was lost or charged twice. Outside tests
 * (NODE_ENV other than test) it does nothing.
 */
export function failpoint(name: string): void {
  if (process.env.NODE_ENV === 'test' && process.env.AURUM_FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}
