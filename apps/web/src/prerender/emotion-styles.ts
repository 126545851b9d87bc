import type { EmotionCache } from '@emotion/cache';

/**
 * The styles a server render put into an emotion cache in compat mode (`cache.compat = true`,
 * where each inserted entry holds its CSS text), as the `<style>` elements emotion adopts in the
 * browser: one `data-emotion="<key> <id> <id> ..."` element with every class, whose ids the
 * browser's cache counts as inserted (so it does not insert them again), and one
 * `data-emotion="<key>-global <id>"` element per global style (CssBaseline), which `<Global>`
 * takes over instead of writing its own. Globals come first, as the browser puts them.
 */
export function emotionStyleTags(cache: Pick<EmotionCache, 'key' | 'inserted' | 'registered'>): string {
  const globals: string[] = [];
  const classIds: string[] = [];
  let classCss = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (/<\/style/i.test(rules)) throw new Error(`The style ${id} would end its <style> element early.`);
    if (cache.registered[`${cache.key}-${id}`] !== undefined) {
      classIds.push(id);
      classCss += rules;
    } else {
      globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${classIds.join(' ')}">${classCss}</style>`;
}
