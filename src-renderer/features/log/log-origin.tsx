// The compact columns that say where a logged request came from and went to: which kind of
// process made it (the log is shared by the app and every `crm` command on the data folder), for
// which profile, and the host it was sent to.
import type { LogProcess, Profile, RequestLogEntry } from '../../lib/api';

/** a profile's name by id ('' for none), so the column and the search read the same words */
export type ProfileNameOf = (profileId: string | undefined) => string;

/** a profile deleted since keeps its requests in the log, under this word */
export const DELETED_PROFILE = 'deleted profile';

export function profileNamer(profiles: readonly Pick<Profile, 'id' | 'name'>[]): ProfileNameOf {
  const names = new Map(profiles.map((p) => [p.id, p.name]));
  return (id) => (id === undefined ? '' : (names.get(id) ?? DELETED_PROFILE));
}

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
    <td className="log-by log-secondary">
      <span className={entry.process === 'crm' ? 'badge badge-accent' : 'badge'} title={title}>
        {label}
      </span>
    </td>
  );
}

export function HostCell({ entry }: { entry: Pick<RequestLogEntry, 'host'> }) {
  return (
    <td className="mono log-host log-secondary" title={entry.host}>
      {entry.host}
    </td>
  );
}

/** no profile: a request made for none (a probe), or one logged before the log kept profiles */
export function ProfileCell({ name }: { name: string }) {
  return (
    <td className="log-profile log-secondary" title={name === '' ? 'No profile recorded for this request' : name}>
      {name === '' ? '—' : name}
    </td>
  );
}
