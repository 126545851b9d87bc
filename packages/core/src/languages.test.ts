import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLanguage } from './languages.js';

describe('choosing the language to speak', () => {
  it('reads an Accept-Language header by weight, keeping the order among equals and leaving out what is not wanted', () => {
    expect(acceptedLanguages('de-CH, fr;q=0.9, en;q=0.8, es;q=0.9')).toEqual(['de-CH', 'fr', 'es', 'en']);
    expect(acceptedLanguages('es;q=0, *;q=0.5, de;q=0.1')).toEqual(['de']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('en;q=abc, de')).toEqual(['de']);
  });

  it('takes the member’s choice over their browser’s', () => {
    expect(chooseLanguage('de', ['es-ES', 'en'])).toBe('de');
  });

  it('takes the first language the browser asks for that ships, by its primary tag, else English', () => {
    expect(chooseLanguage(null, ['fr-FR', 'es-MX', 'de'])).toBe('es');
    expect(chooseLanguage(undefined, ['DE-at'])).toBe('de');
    expect(chooseLanguage(null, ['fr', 'ja'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });
});
