/** Avatar colours are HSL with a random hue and fixed saturation and lightness of 50. */
export const AVATAR_SATURATION = 50;
export const AVATAR_LIGHTNESS = 50;

export function randomAvatarColor(random: () => number = Math.random): string {
  const hue = Math.floor(random() * 361);
  return `hsl(${hue}, ${AVATAR_SATURATION}%, ${AVATAR_LIGHTNESS}%)`;
}

const HSL_PATTERN = /^hsl\((\d{1,3}), ?(\d{1,3})%, ?(\d{1,3})%\)$/;

/** Accepts colours in the `hsl(h, s%, l%)` form the product stores. */
export function isAvatarColor(value: string): boolean {
  const match = HSL_PATTERN.exec(value);
  if (!match) return false;
  const [hue, saturation, lightness] = match.slice(1).map(Number) as [number, number, number];
  return hue <= 360 && saturation <= 100 && lightness <= 100;
}
