import { describe, expect, it } from 'vitest';
import { isPhone } from './home-document.js';

describe('which browsers get the home page drawn for a phone', () => {
  it("takes a phone's client hint or user agent, and leaves tablets and desktops to the app", () => {
    const ua = {
      android: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      iphone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      firefoxPhone: 'Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0',
    };
    expect(isPhone({ 'user-agent': ua.android })).toBe(true);
    expect(isPhone({ 'user-agent': ua.iphone })).toBe(true);
    expect(isPhone({ 'user-agent': ua.firefoxPhone })).toBe(true);
    expect(isPhone({ 'user-agent': ua.androidTablet, 'sec-ch-ua-mobile': '?0' })).toBe(false);
    expect(isPhone({ 'user-agent': ua.ipad })).toBe(false);
    expect(isPhone({ 'user-agent': ua.desktop, 'sec-ch-ua-mobile': '?0' })).toBe(false);
    expect(isPhone({ 'user-agent': ua.desktop, 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(isPhone({})).toBe(false);
  });
});
