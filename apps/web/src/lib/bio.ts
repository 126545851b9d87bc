/** The length of the bio excerpt on the profile; the bio page shows it all. */
export const BIO_EXCERPT_CHARS = 160;

/** The start of a bio, cut at a word where possible, and whether there is more. */
export function bioExcerpt(bio: string, max = BIO_EXCERPT_CHARS): { text: string; truncated: boolean } {
  const trimmed = bio.trim();
  if (trimmed.length <= max) return { text: trimmed, truncated: false };
  const cut = trimmed.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const kept = (space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd().replace(/[.,;:!?\-–—]+$/, '');
  return { text: `${kept}…`, truncated: true };
}

/** "1 follower", "1.2K followers". */
export function followerText(count: number, format: (value: number) => string): string {
  return `${format(count)} ${count === 1 ? 'follower' : 'followers'}`;
}
