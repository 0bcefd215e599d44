const DAY_MS = 86_400_000;

/**
 * Whole days between now and a date, as the licence manager words them beside a date (spec 2 §2.12):
 * '3 days ago', '5 days', 'Today'.
 */
export function relativeDays(value: string | Date, now: Date): string {
  const days = Math.trunc((new Date(value).getTime() - now.getTime()) / DAY_MS);
  if (Number.isNaN(days)) return '';
  if (days === 0) return 'Today';
  const count = Math.abs(days);
  const text = `${count} ${count === 1 ? 'day' : 'days'}`;
  return days < 0 ? `${text} ago` : text;
}
