/**
 * Generated ids: the current time in milliseconds as hex followed by 7 random hex
 * characters, so ids sort roughly by creation and stay unguessable enough to not collide.
 */
export function generateId(now: number = Date.now(), random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < 7; i++) suffix += Math.floor(random() * 16).toString(16);
  return now.toString(16) + suffix;
}

export const ID_PATTERN = /^[0-9a-f]{8,20}$/;
