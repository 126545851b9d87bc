import { z } from './zod-config.js';

/** The languages the product ships, English first: it is the source every other is translated from. */
export const LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const languageSchema = z.enum(LANGUAGES);

/** Each language by its own name, as a member looks for it in a list (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', de: 'Deutsch' };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language tags of an `Accept-Language` header, most wanted first (by their q weights, in
 * the header's order where equal); those weighted 0 are not wanted and left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.find((parameter) => /^\s*q=/i.test(parameter));
      // A weight that is not a number makes the tag unreadable: left out, like one weighted 0.
      return { tag: tag.trim(), q: weight === undefined ? 1 : Number(weight.split('=')[1]?.trim() || Number.NaN), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0 && Number.isFinite(q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language to speak to someone: the one they chose, else the first of the languages their
 * browser asks for that the product ships (`es-MX` is Spanish), else English.
 */
export function chooseLanguage(chosen: Language | null | undefined, wanted: readonly string[]): Language {
  if (chosen) return chosen;
  for (const tag of wanted) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
