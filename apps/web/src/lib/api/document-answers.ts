/** The element of a server-rendered document holding the API's answers the page was drawn from. */
export const DOCUMENT_ANSWERS_ID = 'api-answers';

/** GET paths (below /api) and their bodies, each taken by the first request for it. */
const answers = new Map<string, unknown>();

/**
 * Takes the answers a server-rendered document carries (the home page's: who is signed in and
 * the feed's first page), so the app's first requests for them are answered from the document
 * instead of the network: the app starts from exactly what the page shows. True when there were any.
 */
export function acceptDocumentAnswers(doc: Document = document): boolean {
  const element = doc.getElementById(DOCUMENT_ANSWERS_ID);
  if (!element?.textContent) return false;
  for (const [path, body] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) answers.set(path, body);
  element.remove();
  return answers.size > 0;
}

/** The document's answer to `GET /api<path>`, once: later requests for it go to the network. */
export function takeDocumentAnswer(path: string): { body: unknown } | undefined {
  if (!answers.has(path)) return undefined;
  const body = answers.get(path);
  answers.delete(path);
  return { body };
}
