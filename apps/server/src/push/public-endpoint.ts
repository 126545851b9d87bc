import { type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses that are not a push service on the internet: this machine, private and shared
 * networks, link-local (cloud metadata services among them), documentation, benchmarking,
 * multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 is checked as IPv4).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is a public internet address a push service may have. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !NOT_PUBLIC.check(mapped, 'ipv4');
  return !NOT_PUBLIC.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** Why a push endpoint may not be stored (not https, a host that is an address that is not public, this machine's names), or null. */
export function publicEndpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol !== 'https:') return 'must be https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    return 'must be a push service on the internet';
  }
  return null;
}

/** The error a connection to a push endpoint ends with when its name leads to an address that is not public. */
export class NotPublicAddressError extends Error {
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
    this.name = 'NotPublicAddressError';
  }
}

/**
 * The DNS lookup a push request's connection makes: as the system resolves the name, but every
 * address it answers must be public, checked when the connection is made (so a name that
 * answered a public address when the endpoint was stored, and a private one now, is refused).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new NotPublicAddressError(hostname, refused.address), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new NotPublicAddressError(hostname, 'nothing'), '', 0);
    callback(null, first.address, first.family);
  });
};
