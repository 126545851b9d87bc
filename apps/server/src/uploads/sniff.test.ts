import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithLocation, pngOf, writeAudio, writeVideo } from '../../test/media-fixtures.js';
import { sniffMediaType } from './sniff.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'aurum-sniff-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sniff = (bytes: Buffer) => sniffMediaType(Readable.from([bytes]));

describe('upload type check (by the bytes, never the name)', () => {
  it('recognises pictures whatever they are called', async () => {
    expect(await sniff(await pngOf(20, 10))).toEqual({ mime: 'image/png', kind: 'image' });
    expect(await sniff(await jpegWithLocation(20, 10))).toEqual({ mime: 'image/jpeg', kind: 'image' });
  });

  it('recognises video and sound', async () => {
    const clip = path.join(dir, 'clip.mp4');
    await writeVideo(clip, { seconds: 1, width: 64, height: 64, codec: 'h264' });
    expect(await sniff(await readFile(clip))).toEqual({ mime: 'video/mp4', kind: 'video' });

    for (const [file, mime] of [
      ['tone.mp3', 'audio/mpeg'],
      ['tone.wav', 'audio/wav'],
      ['tone.flac', 'audio/flac'],
    ]) {
      await writeAudio(path.join(dir, file as string), 1);
      expect(await sniff(await readFile(path.join(dir, file as string))), file).toEqual({ mime, kind: 'audio' });
    }
  });

  it('refuses text, documents, archives and empty files', async () => {
    expect(await sniff(Buffer.from('just some words, saved as holiday.jpg\n'))).toBeNull();
    expect(await sniff(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'))).toBeNull();
    expect(await sniff(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, ...Buffer.alloc(40)]))).toBeNull();
    expect(await sniff(Buffer.alloc(0))).toBeNull();
  });

  it("passes on a failure to read, which is not the file's fault", async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection to the store lost'));
      },
    });
    await expect(sniffMediaType(failing)).rejects.toThrow('connection to the store lost');
  });

  it('closes the stream once it has decided', async () => {
    const stream = Readable.from([await pngOf(20, 10), Buffer.alloc(10 * 1024 * 1024)]);
    expect(await sniffMediaType(stream)).toMatchObject({ kind: 'image' });
    expect(stream.destroyed).toBe(true);
  });
});
