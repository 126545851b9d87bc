const HSL = /^hsl\(\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)%,\s*(\d+(?:\.\d+)?)%\s*\)$/;

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Black or white, whichever contrasts more with an `hsl()` avatar colour, so the initial on
 * an avatar stays readable for every random hue (a yellow needs black, a blue needs white).
 */
export function readableTextOn(color: string): '#000000' | '#ffffff' {
  const match = HSL.exec(color);
  if (!match) return '#ffffff';
  const [h, s, l] = match.slice(1).map(Number) as [number, number, number];
  const luminance = relativeLuminance(hslToRgb(h, s / 100, l / 100));
  const contrastWithBlack = (luminance + 0.05) / 0.05;
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  return contrastWithBlack >= contrastWithWhite ? '#000000' : '#ffffff';
}
