import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.js';

describe('describeDevice', () => {
  it('names the browser, the system and the kind of device, major versions only', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.58 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 130', os: 'Android 14', deviceType: 'phone' });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17', os: 'iOS 17', deviceType: 'tablet' });
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0')).toEqual({
      browser: 'Firefox 132',
      os: 'Windows 10',
      deviceType: 'desktop',
    });
  });

  it('says nothing it was not told', () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null, deviceType: 'other' });
    expect(describeDevice('curl/8.5.0').deviceType).toBe('other');
  });
});
