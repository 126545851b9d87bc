import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A bank account's full details, as the admin needs them to pay it by hand. */
export interface BankDetails {
  holderName: string;
  country: string;
  currency: string;
  /** The IBAN, or null for an account number with a routing number. */
  iban: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
}

/** The version names the key and layout, so a later change can still open what was sealed before it. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals bank details with AES-256-GCM under a key derived by HKDF from the server secret (its own
 * `info`, so it is never the key of anything else). The payout method's id is the additional
 * data: a sealed value copied to another method does not open.
 */
export class BankDetailsSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'aurum', 'payout-bank-details', 32));
  }

  seal(details: BankDetails, methodId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(methodId));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The details, or null when they do not open: changed, sealed for another method, or under another secret. */
  open(value: string, methodId: string): BankDetails | null {
    const [version, iv, tag, sealed, ...rest] = value.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined || rest.length > 0) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(methodId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as BankDetails;
    } catch {
      return null;
    }
  }
}
