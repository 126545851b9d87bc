/** How the benchmarks start and stop the servers they run in child processes. */
import type { ChildProcess } from 'node:child_process';

/** A process serving HTTP on loopback, in a child process of this one. */
export interface ChildServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Resolves once `child` answers the port it listens on (its first message); `stop` asks it to
 * end (`end`) and resolves once it has exited. An exit before that rejects, named `name`.
 */
export function listening(child: ChildProcess, name: string, end: () => void): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    child.once('message', (message) => {
      const { port } = message as { port: number };
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        pid: child.pid as number,
        stop: () =>
          new Promise((stopped) => {
            child.removeAllListeners('exit');
            child.once('exit', () => stopped());
            end();
          }),
      });
    });
  });
}
