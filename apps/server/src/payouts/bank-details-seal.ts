import { Seal } from '../db/seal.js';

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

/** Seals bank details for storage; the payout method's id is the owner, so sealed details copied to another method do not open. */
export class BankDetailsSeal {
  private readonly sealer: Seal;

  constructor(secret: string) {
    this.sealer = new Seal(secret, 'payout-bank-details');
  }

  seal(details: BankDetails, methodId: string): string {
    return this.sealer.seal(JSON.stringify(details), methodId);
  }

  /** The details, or null when they do not open: changed, sealed for another method, or under another secret. */
  open(value: string, methodId: string): BankDetails | null {
    const plain = this.sealer.open(value, methodId);
    return plain === null ? null : (JSON.parse(plain) as BankDetails);
  }
}
