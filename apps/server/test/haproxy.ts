import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Debian's HAProxy, where the machine has it (scripts/ensure-deps.sh installs it for the tests). */
export const HAPROXY: string | null = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();

/**
 * Round robin over the instances, each checked on readiness every 250 ms (so a draining one, which
 * answers 503 at once, leaves the rotation within a check; a check may take 2 s, so a busy instance
 * is not taken for a gone one), a request that could not connect sent to another.
 * Nothing is retried once sent: a write is never made twice by the balancer.
 */
function haproxyConfig(port: number, instancePorts: readonly number[], maxconn: number): string {
  return `global
  maxconn ${maxconn}
defaults
  mode http
  timeout connect 2s
  timeout check 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 3
  option redispatch
  retry-on conn-failure
  option forwardfor
frontend aurum
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 250ms fall 1 rise 1
${instancePorts.map((instancePort, index) => `  server i${index} 127.0.0.1:${instancePort} check`).join('\n')}
`;
}

/**
 * HAProxy on loopback `port` in front of the instances' ports, once it answers readiness; its config
 * is written into `folder`. `maxconn`: connections held at once (an open socket is one).
 */
export async function startHaproxy(
  port: number,
  instancePorts: readonly number[],
  folder: string,
  { maxconn = 2000 }: { maxconn?: number } = {},
): Promise<{ baseUrl: string; child: ChildProcess }> {
  if (!HAPROXY) throw new Error('HAProxy is not installed (apt-get install haproxy)');
  const configFile = path.join(folder, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(port, instancePorts, maxconn));
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries++) {
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('HAProxy did not answer');
}
