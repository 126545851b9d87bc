import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { acceptDocumentAnswers, DOCUMENT_ANSWERS_ID } from './document-answers';

afterEach(() => {
  document.body.innerHTML = '';
});

describe("a server-rendered document's answers", () => {
  it("answer the app's first GET of each path, once, without the network; later ones and other methods go to it", async () => {
    document.body.innerHTML = `<script type="application/json" id="${DOCUMENT_ANSWERS_ID}">{"/feed":{"items":[],"nextCursor":null},"/me":null}</script>`;
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: ['fresh'], nextCursor: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    expect(acceptDocumentAnswers()).toBe(true);
    expect(document.getElementById(DOCUMENT_ANSWERS_ID)).toBeNull();
    expect(await api.get('/me')).toBeNull();
    expect(await api.get('/feed')).toEqual({ items: [], nextCursor: null });
    expect(fetchMock).not.toHaveBeenCalled();

    expect(await api.get('/feed')).toEqual({ items: ['fresh'], nextCursor: null });
    await api.post('/me', {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are none in a document the server did not render', async () => {
    expect(acceptDocumentAnswers()).toBe(false);
    const fetchMock = vi.fn(async () => new Response('null', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/me');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
