const pad = (value: number) => String(value).padStart(2, '0');

/** Dates as YYYY/MM/DD and times as hh:mm:ss a (spec 1 §9), in the browser's time zone. */
export function formatTimestamp(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const hh = pad(hours % 12 === 0 ? 12 : hours % 12);
  return `${formatDay(date)} ${hh}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'am' : 'pm'}`;
}

function formatDay(date: Date) {
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** A calendar date; ISO dates without a time (2024-05-06) are shown as written, with no zone shift. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '/');
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatDay(date);
}
