import { describe, expect, it } from 'vitest';
import { mayReadReplica } from '../http/read-routing.js';
import { parseLsn, replicaLagMs } from './replicas.js';

describe('replica lag', () => {
  it('reads PostgreSQL log positions as byte counts', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => parseLsn('nonsense')).toThrow();
  });

  it('counts from the oldest position of the primary the replica has not reached', () => {
    const seen = [
      { atMs: 1_000, lsn: 100n },
      { atMs: 2_000, lsn: 250n },
      { atMs: 3_000, lsn: 400n },
    ];
    expect(replicaLagMs(seen, 400n, 3_500)).toBe(0);
    expect(replicaLagMs(seen, 500n, 3_500)).toBe(0);
    expect(replicaLagMs(seen, 250n, 3_500)).toBe(500);
    expect(replicaLagMs(seen, 249n, 3_500)).toBe(1_500);
    // Stuck before everything seen: behind by the whole history, however quiet its own view.
    expect(replicaLagMs(seen, 0n, 3_500)).toBe(2_500);
    expect(replicaLagMs([], 0n, 3_500)).toBe(0);
  });
});

describe('which requests may read a replica', () => {
  it('only reads, from a client that has not written lately', () => {
    expect(mayReadReplica({ method: 'GET', recentWrite: false })).toBe(true);
    expect(mayReadReplica({ method: 'HEAD', recentWrite: false })).toBe(true);
    expect(mayReadReplica({ method: 'GET', recentWrite: true })).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(mayReadReplica({ method, recentWrite: false })).toBe(false);
  });
});
