// The two compact columns that say where a logged request came from and went to: which kind of
// process made it (the log is shared by the app and every `crm` command on the data folder) and
// the host it was sent to.
import type { LogProcess, RequestLogEntry } from '../../lib/api';

const PROCESS_LABELS: Record<LogProcess, { label: string; title: string }> = {
  window: { label: 'app', title: 'Made by this app' },
  crm: { label: 'crm', title: 'Made by a crm command' },
};

/** the By column's short word and its longer description */
export function processLabel(process: LogProcess): { label: string; title: string } {
  return PROCESS_LABELS[process] ?? { label: String(process), title: `Made by ${String(process)}` };
}

export function ByCell({ entry }: { entry: Pick<RequestLogEntry, 'process'> }) {
  const { label, title } = processLabel(entry.process);
  return (
    <td className="log-by">
      <span className={entry.process === 'crm' ? 'badge badge-accent' : 'badge'} title={title}>
        {label}
      </span>
    </td>
  );
}

export function HostCell({ entry }: { entry: Pick<RequestLogEntry, 'host'> }) {
  return (
    <td className="mono log-host" title={entry.host}>
      {entry.host}
    </td>
  );
}
