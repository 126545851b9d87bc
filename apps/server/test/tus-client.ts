import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from '@aurum/core';
import type { ApiClient, TestServer } from './test-server.js';

/**
 * A plain tus 1.0 client for the tests, written against the protocol with fetch: POST to
 * create (with the first bytes when the file fits in one chunk), PATCH at Upload-Offset,
 * HEAD to find where to resume. It sends the signed-in user's cookie and the site's Origin.
 */
export class TusTestClient {
  constructor(
    private readonly server: TestServer,
    private readonly user: ApiClient,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'tus-resumable': '1.0.0',
      origin: this.server.baseUrl,
      ...(this.user.cookie ? { cookie: this.user.cookie } : {}),
      ...extra,
    };
  }

  /** Absolute URL of an upload from the Location header the server answered with. */
  urlOf(location: string): string {
    return new URL(location, this.server.baseUrl).toString();
  }

  /** POST: creates an upload of `length` bytes, sending `body` with it when given. */
  create(length: number, fileName: string, body?: Buffer): Promise<Response> {
    return fetch(this.server.baseUrl + UPLOADS_PATH, {
      method: 'POST',
      headers: this.headers({
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')},filetype ${Buffer.from('image/jpeg').toString('base64')}`,
        ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      }),
      body,
    });
  }

  /** HEAD: how many bytes the server has. */
  async offset(url: string): Promise<number> {
    const response = await fetch(url, { method: 'HEAD', headers: this.headers() });
    if (response.status !== 200) throw new Error(`HEAD ${url} answered ${response.status}`);
    return Number(response.headers.get('upload-offset'));
  }

  /** PATCH: sends bytes (a buffer, or a stream that can be cut off with `signal`) at `offset`. */
  patch(url: string, offset: number, body: Buffer | ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<Response> {
    return fetch(url, {
      method: 'PATCH',
      headers: this.headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body,
      signal,
      duplex: 'half',
    } as RequestInit);
  }

  /** Sends the rest of `bytes` from the server's offset in UPLOAD_CHUNK_BYTES chunks; returns the last response. */
  async resume(url: string, bytes: Buffer): Promise<Response> {
    let offset = await this.offset(url);
    for (;;) {
      const chunk = bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
      const response = await this.patch(url, offset, chunk);
      if (response.status >= 300) return response;
      offset = Number(response.headers.get('upload-offset'));
      if (offset >= bytes.length) return response;
    }
  }

  /** The whole upload the way the web app sends it: one request up to a chunk, else create then PATCH chunks. */
  async upload(bytes: Buffer, fileName: string): Promise<Response> {
    if (bytes.length <= UPLOAD_CHUNK_BYTES) return this.create(bytes.length, fileName, bytes);
    const created = await this.create(bytes.length, fileName);
    if (created.status !== 201) return created;
    return this.resume(this.urlOf(created.headers.get('location') ?? ''), bytes);
  }
}
