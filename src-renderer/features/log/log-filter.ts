// Which log entries the person asked to see: a status class and a piece of the path. Pure.
import type { RequestLogEntry } from '../../lib/api';

export const STATUS_CLASSES = ['all', '2xx', '4xx', '5xx', 'errors'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface LogFilter {
  statusClass: StatusClass;
  /** matched anywhere in the path and query, ignoring case */
  pathText: string;
}

export const NO_FILTER: LogFilter = { statusClass: 'all', pathText: '' };

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

export function filterEntries(entries: readonly RequestLogEntry[], filter: LogFilter): RequestLogEntry[] {
  const text = filter.pathText.trim().toLowerCase();
  return entries.filter((e) => inStatusClass(e, filter.statusClass) && (text === '' || e.path.toLowerCase().includes(text)));
}
