// Which log entries the person asked to see: a status class, and words typed in the search box,
// each of which must match the path, host, method, process, profile, status or error. Pure.
import type { RequestLogEntry } from '../../lib/api';
import { processLabel, type ProfileNameOf } from './log-origin';

export const STATUS_CLASSES = ['all', '2xx', '4xx', '5xx', 'errors'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface LogFilter {
  statusClass: StatusClass;
  /** words matched anywhere in an entry's path, host, method, process, profile or status, ignoring case */
  text: string;
}

export const NO_FILTER: LogFilter = { statusClass: 'all', text: '' };

/** "errors": no answer at all (network, timeout, cancelled); 4xx and 5xx are their own classes */
export function inStatusClass(entry: RequestLogEntry, statusClass: StatusClass): boolean {
  const { status } = entry;
  switch (statusClass) {
    case 'all':
      return true;
    case '2xx':
      return status !== null && status >= 200 && status <= 299;
    case '4xx':
      return status !== null && status >= 400 && status <= 499;
    case '5xx':
      return status !== null && status >= 500 && status <= 599;
    case 'errors':
      return status === null;
  }
}

/** the text one search word is looked for in: what the row shows, and the process's own name */
function haystack(entry: RequestLogEntry, profileName: ProfileNameOf): string {
  return [
    entry.path,
    entry.host,
    entry.method,
    entry.process,
    processLabel(entry.process).label,
    profileName(entry.profileId),
    entry.status ?? '',
    entry.errorCode ?? '',
  ]
    .join('\n')
    .toLowerCase();
}

/** a word typed as a status class ("4xx", "errors") means the class, as the buttons do */
function matchesWord(entry: RequestLogEntry, word: string, text: string): boolean {
  if (word === '2xx' || word === '4xx' || word === '5xx') return inStatusClass(entry, word);
  if (word === 'errors') return inStatusClass(entry, 'errors') || text.includes(word);
  return text.includes(word);
}

export function filterEntries(
  entries: readonly RequestLogEntry[],
  filter: LogFilter,
  profileName: ProfileNameOf = () => '',
): RequestLogEntry[] {
  const words = filter.text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  return entries.filter((e) => {
    if (!inStatusClass(e, filter.statusClass)) return false;
    if (words.length === 0) return true;
    const text = haystack(e, profileName);
    return words.every((w) => matchesWord(e, w, text));
  });
}
