// Draws the Aurum mark (a gold coin with an "A") and writes the app icons into public/.
// Run with `node scripts/generate-icons.mjs`; the output is committed, so builds need no tools.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BACKGROUND = [0x14, 0x11, 0x0c];
const GOLD = [0xe6, 0xb3, 0x4a];
const COIN = { cx: 50, cy: 50, r: 34 };
// The letter on a 100x100 canvas: an outline and the triangular counter above the crossbar.
const LETTER = [
  [
    [44, 28],
    [56, 28],
    [70, 72],
    [61, 72],
    [57.5, 61],
    [42.5, 61],
    [39, 72],
    [30, 72],
  ],
  [
    [50, 37.4],
    [54.6, 52],
    [45.4, 52],
  ],
];

const letterPath = LETTER.map((ring) => `M${ring.map(([x, y]) => `${x} ${y}`).join('L')}Z`).join('');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <title>Aurum</title>
  <rect width="100" height="100" rx="22" fill="#14110c"/>
  <circle cx="${COIN.cx}" cy="${COIN.cy}" r="${COIN.r}" fill="#e6b34a"/>
  <path fill="#14110c" fill-rule="evenodd" d="${letterPath}"/>
</svg>
`;

/** Even-odd point-in-polygon test over all rings, so the counter stays open. */
function insideLetter(x, y) {
  let inside = false;
  for (const ring of LETTER) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function colourAt(x, y) {
  const inCoin = (x - COIN.cx) ** 2 + (y - COIN.cy) ** 2 <= COIN.r ** 2;
  return inCoin && !insideLetter(x, y) ? GOLD : BACKGROUND;
}

/** Renders a square icon with 4x4 supersampling for smooth edges. Full-bleed, so it also works as maskable. */
function render(size) {
  const samples = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(((px + (sx + 0.5) / samples) / size) * 100, ((py + (sy + 0.5) / samples) / size) * 100);
          for (let c = 0; c < 3; c++) sum[c] += colour[c];
        }
      }
      for (let c = 0; c < 3; c++) row[1 + px * 3 + c] = Math.round(sum[c] / samples ** 2);
    }
    rows.push(row);
  }
  return encodePng(size, size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, scanlines) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const publicDir = new URL('../public/', import.meta.url);
writeFileSync(new URL('favicon.svg', publicDir), svg);
for (const [name, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
]) {
  writeFileSync(new URL(name, publicDir), render(size));
}
