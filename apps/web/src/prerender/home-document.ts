import { DOCUMENT_ANSWERS_ID } from '../lib/api/document-answers';
import { landingDocument, type PrerenderedPage } from './landing-document';

/**
 * The windows the home page is rendered for: a phone's or a tablet's, with the bottom bar (the
 * menu layout's side menu starts at the theme's lg breakpoint).
 */
export const HOME_DRAWN_FOR = '(max-width:1279.95px)';

/** Where home.html takes what the server renders for each request. */
const MARKUP = '<!--home-markup-->';
const HEAD = '<!--home-head-->';

/**
 * The home page's document template, made at build time from the built index.html the way the
 * landing page's document is (see landingDocument): the start script in place of the entry, no
 * check of who is signed in (the server knows), and two marks that fillHomeDocument replaces with
 * the page rendered for the member.
 */
export function homeTemplate(indexHtml: string, startScript: string): string {
  return landingDocument(indexHtml, { html: MARKUP, styles: HEAD }, startScript);
}

/**
 * The API's answers as a JSON data block: never run (the CSP allows it), and every `<` escaped,
 * so text a member wrote can neither close the element nor open a comment in it.
 */
export function answersElement(answers: Readonly<Record<string, unknown>>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${DOCUMENT_ANSWERS_ID}">${json}</script>`;
}

/** The document for one request: the rendered page in #root, its styles and the answers it was drawn from in the head. */
export function fillHomeDocument(template: string, page: PrerenderedPage, answers: Readonly<Record<string, unknown>>): string {
  if (!template.includes(MARKUP) || !template.includes(HEAD)) throw new Error('home.html is not a home document template.');
  // Functions as replacements: `$` in a member's text is not a replacement pattern.
  return template.replace(HEAD, () => `${page.styles}\n    ${answersElement(answers)}`).replace(MARKUP, () => page.html);
}
