import { type CurrentUser, chooseLanguage, DEFAULT_LANGUAGE, type Language } from '@aurum/core';

/** A language's messages by id, as react-intl takes them. */
export type Messages = Record<string, string>;
/** A catalog as `lang/<language>.json` keeps it: the shape `formatjs extract` writes, translated. */
type Catalog = Record<string, { defaultMessage: string; description?: string }>;

// One chunk per language, fetched only by those who read it (a member reading Spanish downloads
// no German). English is the code's own default messages: it loads nothing.
const catalogs = import.meta.glob<Catalog>(['../../../lang/*.json', '!../../../lang/en.json'], { import: 'default' });
const loaded = new Map<Language, Messages>([[DEFAULT_LANGUAGE, {}]]);

/** The language to speak to this member: the one they chose, else their browser's first that ships, else English. */
export function languageFor(user: Pick<CurrentUser, 'language'> | null | undefined): Language {
  return chooseLanguage(user?.language, typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** A language's messages once loaded, else undefined. */
export const loadedMessages = (language: Language): Messages | undefined => loaded.get(language);

/** Loads a language's messages (once); resolves when they can be shown. */
export async function loadMessages(language: Language): Promise<Messages> {
  const known = loaded.get(language);
  if (known) return known;
  const load = catalogs[`../../../lang/${language}.json`];
  if (!load) throw new Error(`No messages for ${language}`);
  const catalog = await load();
  const messages = Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, message.defaultMessage]));
  loaded.set(language, messages);
  return messages;
}
