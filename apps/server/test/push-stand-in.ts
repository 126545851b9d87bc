import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: what it would hand the app, and the private parts only it knows. */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A message the stand-in took: its headers, the VAPID claims and the decrypted payload. */
export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  claims: { aud: string; exp: number; sub: string };
  payload: string;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const b64 = (value: string) => Buffer.from(value, 'base64url');
const MAX_RECORD = 4096;

/**
 * A push service on loopback (RFC 8030) that checks what a real one checks and decrypts what
 * only the browser could:
 * - VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, the key the server was
 *   told to expect; the JWT signed ES256 with it, `aud` this service's origin, `exp` in the
 *   future and at most 24 hours ahead, `sub` a mailto: or https: URL;
 * - the message: `TTL` present, `Content-Encoding: aes128gcm`, and a body that decrypts (RFC
 *   8188 record, RFC 8291 keys) with the subscription's private key and auth secret, which the
 *   test generated with `subscription()` as a browser would.
 * Failures answer 400/401/403 with the reason, and are kept in `refused`. A test can make an
 * endpoint answer a status of its choosing (404, 410, 429, 503) with `answer()`.
 */
export class PushStandIn {
  readonly received: ReceivedPush[] = [];
  readonly refused: { endpoint: string; reason: string }[] = [];
  private readonly devices = new Map<string, Device>();
  private readonly answers = new Map<string, { status: number; retryAfter?: string }>();
  private server: Server | null = null;
  private origin = '';

  /** @param vapidPublicKey the application server key messages must be signed with (base64url). */
  constructor(private readonly vapidPublicKey: string) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new subscription as PushManager.subscribe makes it: an endpoint here, a P-256 key pair and an auth secret. */
  subscription(): StandInSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device: Device = { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
    const endpoint = `${this.origin}/push/${randomBytes(12).toString('base64url')}`;
    this.devices.set(endpoint, device);
    return { endpoint, keys: { p256dh: device.publicKey.toString('base64url'), auth: device.auth.toString('base64url') } };
  }

  /** From now on this endpoint answers `status` (null: back to accepting). */
  answer(endpoint: string, status: number | null, retryAfter?: string): void {
    if (status === null) this.answers.delete(endpoint);
    else this.answers.set(endpoint, { status, ...(retryAfter ? { retryAfter } : {}) });
  }

  /** The decrypted notifications one endpoint received, parsed. */
  notificationsFor(endpoint: string): Record<string, unknown>[] {
    return this.received.filter((push) => push.endpoint === endpoint).map((push) => JSON.parse(push.payload));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${this.origin}${request.url ?? ''}`;
    const refuse = (status: number, reason: string) => {
      this.refused.push({ endpoint, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    if (request.method !== 'POST') return refuse(405, 'push messages are POSTed');
    const device = this.devices.get(endpoint);
    if (!device) return refuse(404, 'no such subscription');
    const forced = this.answers.get(endpoint);
    if (forced) {
      response.writeHead(forced.status, forced.retryAfter ? { 'retry-after': forced.retryAfter } : {}).end();
      return;
    }
    let claims: ReceivedPush['claims'];
    try {
      claims = this.checkVapid(request.headers.authorization);
    } catch (error) {
      return refuse(401, (error as Error).message);
    }
    const ttl = request.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse(400, 'TTL header missing');
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm');
    let payload: string;
    try {
      payload = decryptAes128gcm(body, device);
    } catch (error) {
      return refuse(400, `payload does not decrypt: ${(error as Error).message}`);
    }
    this.received.push({
      endpoint,
      ttl: Number(ttl),
      urgency: (request.headers.urgency as string | undefined) ?? null,
      topic: (request.headers.topic as string | undefined) ?? null,
      claims,
      payload,
    });
    response.writeHead(201, { location: `${endpoint}/messages/${this.received.length}` }).end();
  }

  private checkVapid(header: string | undefined): ReceivedPush['claims'] {
    const match = /^vapid\s+(.+)$/i.exec(header ?? '');
    if (!match?.[1]) throw new Error('Authorization must be "vapid t=..., k=..."');
    const params = Object.fromEntries(
      match[1].split(',').map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      }),
    );
    if (params.k !== this.vapidPublicKey) throw new Error('k is not the application server key');
    const [head, claimsPart, signature] = String(params.t ?? '').split('.');
    if (!head || !claimsPart || !signature) throw new Error('t is not a JWT');
    const jose = JSON.parse(b64(head).toString('utf8'));
    if (jose.alg !== 'ES256') throw new Error('the JWT must be ES256');
    const point = b64(this.vapidPublicKey);
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      format: 'jwk',
    });
    const signed = Buffer.from(`${head}.${claimsPart}`);
    if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, b64(signature))) throw new Error('bad JWT signature');
    const claims = JSON.parse(b64(claimsPart).toString('utf8'));
    if (claims.aud !== this.origin) throw new Error(`aud must be ${this.origin}`);
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 60 * 60)
      throw new Error('exp must be within 24 hours');
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub must be a mailto: or https: URL');
    return claims;
  }
}

/**
 * Decrypts a Web Push message as the browser does: the RFC 8188 header (salt, record size, the
 * sender's ephemeral public key as key id), the RFC 8291 input key from ECDH and the auth
 * secret, then one AES-128-GCM record ending in the 0x02 delimiter and zero padding.
 */
function decryptAes128gcm(body: Buffer, device: Device): string {
  if (body.length < 21) throw new Error('too short for the header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  if (idLength !== 65) throw new Error('the key id must be the 65-byte sender key');
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (recordSize < 18 || record.length > recordSize || record.length > MAX_RECORD) throw new Error('the record does not fit');
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const inputKey = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('the last record must end with the 0x02 delimiter');
  return plain.subarray(0, end).toString('utf8');
}
