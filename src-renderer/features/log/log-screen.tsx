import { Fragment, useEffect, useState } from 'react';
import type { RequestLogEntry } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { DataTable } from '../../ui/data-table';
import { ErrorMessage } from '../../ui/messages';
import { selectLogEntries, useLogStore } from './log-store';

const LOG_COLUMNS = ['Time', 'Method', 'Path', 'Status', 'Duration', 'Attempt', 'Headers'];

export function LogScreen() {
  const entries = useLogStore(selectLogEntries);
  const status = useLogStore((s) => s.status);
  const error = useLogStore((s) => s.error);
  const load = useLogStore((s) => s.load);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen screen-log" aria-labelledby="log-title">
      <h1 id="log-title">Request log</h1>
      <p className="lead">Requests the app made, newest first. Authorization headers are redacted.</p>
      {status === 'error' && error && <ErrorMessage error={error} prefix="The log could not be loaded" />}
      {status === 'ready' && entries.length === 0 && <p className="empty">No requests yet.</p>}
      {entries.length > 0 && (
        <DataTable label="Recent requests" testId="log-table" columns={LOG_COLUMNS}>
          {entries.map((e) => (
            <Fragment key={e.id}>
              <tr data-testid="log-row">
                <td>{new Date(e.at).toLocaleTimeString()}</td>
                <td className="mono">{e.method}</td>
                <td className="mono path">{e.path}</td>
                <td>
                  <StatusCell entry={e} />
                </td>
                <td>{formatDuration(e.durationMs)}</td>
                <td>{e.attempt}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-expanded={!!open[e.id]}
                    aria-controls={open[e.id] ? `log-headers-${e.id}` : undefined}
                    onClick={() => setOpen((o) => ({ ...o, [e.id]: !o[e.id] }))}
                  >
                    {open[e.id] ? 'Hide headers' : 'Show headers'}
                  </button>
                </td>
              </tr>
              {open[e.id] && (
                <tr id={`log-headers-${e.id}`} className="log-headers">
                  <td colSpan={LOG_COLUMNS.length}>
                    <dl className="kv mono">
                      {Object.entries(e.requestHeaders).map(([name, value]) => (
                        <Fragment key={name}>
                          <dt>{name}</dt>
                          <dd>{value}</dd>
                        </Fragment>
                      ))}
                    </dl>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function StatusCell({ entry }: { entry: RequestLogEntry }) {
  if (entry.status == null) return <span className="error-text">{entry.errorCode ?? 'no answer'}</span>;
  const cls = entry.status >= 500 ? 'error-text' : entry.status >= 400 ? 'warning-text' : 'ok-text';
  return <span className={cls}>{entry.status}</span>;
}
