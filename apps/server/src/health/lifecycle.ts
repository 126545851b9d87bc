/**
 * Whether the process is on its way out. The shutdown marks it first, so readiness answers
 * 503 and load balancers stop sending traffic, before the server stops accepting.
 */
export class Lifecycle {
  private draining = false;

  get shuttingDown(): boolean {
    return this.draining;
  }

  beginShutdown(): void {
    this.draining = true;
  }
}
