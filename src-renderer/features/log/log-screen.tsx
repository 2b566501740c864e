import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RequestLogEntry } from '../../lib/api';
import { formatClockTime, formatDuration } from '../../lib/format';
import { DataTable } from '../../ui/data-table';
import { SCREEN_FOCUS_MARK } from '../../ui/focus';
import { ErrorMessage } from '../../ui/messages';
import { LOG_DETAIL_ID, LogDetailPanel } from './log-detail';
import { filterEntries, STATUS_CLASSES, type StatusClass } from './log-filter';
import { ByCell, HostCell } from './log-origin';
import { selectLogDetail, selectLogEntries, selectLogFilter, useLogStore } from './log-store';

const LOG_COLUMNS = ['Time', 'By', 'Method', 'Host', 'Path', 'Status', 'Duration', 'Attempt', 'Headers'];

const STATUS_CLASS_LABELS: Record<StatusClass, string> = { all: 'All', '2xx': '2xx', '4xx': '4xx', '5xx': '5xx', errors: 'Errors' };

export function LogScreen() {
  const entries = useLogStore(selectLogEntries);
  const filter = useLogStore(selectLogFilter);
  const status = useLogStore((s) => s.status);
  const error = useLogStore((s) => s.error);
  const load = useLogStore((s) => s.load);
  const detail = useLogStore(selectLogDetail);
  const openDetail = useLogStore((s) => s.openDetail);
  const closeDetail = useLogStore((s) => s.closeDetail);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const visible = useMemo(() => filterEntries(entries, filter), [entries, filter]);
  const openId = detail.status === 'closed' ? null : detail.id;
  useEffect(() => {
    void load();
  }, [load]);

  // arrows move between the rows' path buttons; Enter (the button's own) opens the details
  const onRowsKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-log-open]')];
    const at = buttons.findIndex((b) => b === document.activeElement);
    if (at < 0) return;
    e.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  };

  // closing the viewer (Close or Escape) puts focus back on the row it was opened from
  const rows = useRef<HTMLDivElement>(null);
  const closeViewer = (): void => {
    const id = openId;
    closeDetail();
    if (id !== null) rows.current?.querySelector<HTMLButtonElement>(`button[data-log-open="${CSS.escape(id)}"]`)?.focus();
  };
  const onLayoutKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key !== 'Escape' || openId === null) return;
    e.preventDefault();
    closeViewer();
  };

  return (
    <section className="screen screen-log" aria-labelledby="log-title">
      <h1 id="log-title">Request log</h1>
      <p className="lead">Requests the app and crm commands made, newest first, kept across restarts. Authorization headers are redacted; bodies are kept without any key and cut at 64 KB.</p>
      <LogFilterBar shown={visible.length} total={entries.length} />
      {status === 'error' && error && <ErrorMessage error={error} prefix="The log could not be loaded" />}
      {status === 'ready' && entries.length === 0 && <p className="empty">No requests yet.</p>}
      <div className={openId === null ? 'log-layout' : 'log-layout log-layout-open'} onKeyDown={onLayoutKeyDown}>
        {visible.length > 0 && (
          <div ref={rows} onKeyDown={onRowsKeyDown}>
            <DataTable label="Recent requests" testId="log-table" columns={LOG_COLUMNS}>
              {visible.map((e) => (
                <Fragment key={e.id}>
                  <tr data-testid="log-row" className={e.id === openId ? 'log-row-open' : undefined} onClick={() => void openDetail(e.id)}>
                    <td>{formatClockTime(e.at)}</td>
                    <ByCell entry={e} />
                    <td className="mono">{e.method}</td>
                    <HostCell entry={e} />
                    <td className="mono path">
                      <button
                        type="button"
                        className="link-button mono"
                        data-log-open={e.id}
                        aria-expanded={e.id === openId}
                        aria-controls={e.id === openId ? LOG_DETAIL_ID : undefined}
                        onClick={(event) => {
                          event.stopPropagation();
                          void openDetail(e.id);
                        }}
                      >
                        {e.path}
                      </button>
                    </td>
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
                        onClick={(event) => {
                          event.stopPropagation();
                          setOpen((o) => ({ ...o, [e.id]: !o[e.id] }));
                        }}
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
          </div>
        )}
        <LogDetailPanel onClose={closeViewer} />
      </div>
    </section>
  );
}

function LogFilterBar({ shown, total }: { shown: number; total: number }) {
  const filter = useLogStore(selectLogFilter);
  const setFilter = useLogStore((s) => s.setFilter);
  const pathId = useId();
  return (
    <div className="toolbar log-filter">
      <div role="group" aria-label="Status" className="segmented">
        {STATUS_CLASSES.map((c) => (
          <button key={c} type="button" className="btn btn-small" aria-pressed={filter.statusClass === c} onClick={() => setFilter({ statusClass: c })} data-testid={`log-filter-${c}`}>
            {STATUS_CLASS_LABELS[c]}
          </button>
        ))}
      </div>
      <label htmlFor={pathId}>Path contains</label>
      <input
        id={pathId}
        type="search"
        value={filter.pathText}
        onChange={(e) => setFilter({ pathText: e.target.value })}
        placeholder="/messages"
        autoComplete="off"
        spellCheck={false}
        data-testid="log-filter-path"
        // the screen opens here: a path typed narrows the log at once
        {...SCREEN_FOCUS_MARK}
      />
      <span className="count" role="status" aria-live="polite">
        {shown === total ? `${total} ${total === 1 ? 'request' : 'requests'}` : `${shown} of ${total} ${total === 1 ? 'request' : 'requests'}`}
      </span>
    </div>
  );
}

function StatusCell({ entry }: { entry: RequestLogEntry }) {
  if (entry.status == null) return <span className="error-text">{entry.errorCode ?? 'no answer'}</span>;
  const cls = entry.status >= 500 ? 'error-text' : entry.status >= 400 ? 'warning-text' : 'ok-text';
  return <span className={cls}>{entry.status}</span>;
}
