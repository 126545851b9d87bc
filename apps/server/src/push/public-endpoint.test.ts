import { describe, expect, it } from 'vitest';
import { isPublicAddress, NotPublicAddressError, publicEndpointProblem, publicOnlyLookup } from './public-endpoint.js';

describe('push endpoints', () => {
  it('are public addresses only: not this machine, private networks, link-local (metadata) or reserved ranges', () => {
    for (const address of ['8.8.8.8', '142.250.74.10', '2607:f8b0:4004:c1b::5f', '2a00:1450:4001:82b::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.51.100.7',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('are https URLs of a host on the internet, refused when stored otherwise', () => {
    expect(publicEndpointProblem('https://fcm.googleapis.com/fcm/send/abc:def')).toBeNull();
    expect(publicEndpointProblem('https://updates.push.services.mozilla.com/wpush/v2/gAAA')).toBeNull();
    expect(publicEndpointProblem('https://8.8.8.8/push')).toBeNull();
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1:4699/internal/admin',
      'https://10.0.0.5/x',
      'https://[::1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/x',
      'https://admin.localhost/x',
      'https://pushsvc/x',
      'not a url',
    ]) {
      expect(publicEndpointProblem(endpoint), endpoint).not.toBeNull();
    }
  });

  it('are looked up at connection time, and a name that leads to this machine is refused', async () => {
    const lookedUp = await new Promise<Error | null>((resolve) => publicOnlyLookup('localhost', {}, (error) => resolve(error)));
    expect(lookedUp).toBeInstanceOf(NotPublicAddressError);
  });
});
