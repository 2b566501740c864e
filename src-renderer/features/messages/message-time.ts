// When a message was sent, as the Messages view shows it: the date with its four-digit year and
// the time, in the person's locale (a short "5/1/24" is ambiguous across locales and years).
export function formatSentAt(iso: string | null): string {
  if (iso === null) return 'time unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
