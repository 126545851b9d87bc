/** "Nov 22, 2026": the day something happened (a post went out, a payment was made). */
export function formatDate(at: Date | string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(
    typeof at === 'string' ? new Date(at) : at,
  );
}
