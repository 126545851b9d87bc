import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The version names the key and layout, so a later change can still open what was sealed before it. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a secret the server must read back (bank details, an authenticator app's key) before it
 * is stored: AES-256-GCM under a key derived by HKDF from the server secret with the purpose as
 * `info`, so no two purposes share a key. The owner's id is the additional data: a sealed value
 * copied to another row does not open.
 */
export class Seal {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'aurum', purpose, 32));
  }

  seal(plain: string, ownerId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(ownerId));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The plain text, or null when it does not open: changed, sealed for another owner, or under another secret. */
  open(value: string, ownerId: string): string | null {
    const [version, iv, tag, sealed, ...rest] = value.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined || rest.length > 0) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(ownerId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
