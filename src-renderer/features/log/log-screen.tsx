import { Fragment, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RequestLogEntry } from '../../lib/api';
import { formatClockTime, formatDuration } from '../../lib/format';
import { DataTable } from '../../ui/data-table';
import { SCREEN_FOCUS_MARK } from '../../ui/focus';
import { LoadedListState } from '../../ui/loaded-list-state';
import { LOG_DETAIL_ID, LogDetailPanel } from './log-detail';
import { filterEntries, STATUS_CLASSES, type StatusClass } from './log-filter';
import { ByCell, HostCell, ProfileCell, profileNamer } from './log-origin';
import { copyEntryCurl, selectLogFilter, useLogStore } from './log-store';
import { usePicked } from '../../app/use-picked';
import { selectProfiles, useProfilesStore } from '../profiles/profiles-store';

const LOG_COLUMNS = ['Time', 'By', 'Profile', 'Method', 'Host', 'Path', 'Status', 'Duration', 'Attempt', 'Headers'];

/**
 * Columns the open detail panel repeats: they step aside while it is open, so the list beside it
 * keeps its Headers column whole in a window of ordinary width (log.css).
 */
const SECONDARY = 'log-secondary';
const COLUMN_CLASSES: Readonly<Record<string, string>> = { By: SECONDARY, Profile: SECONDARY, Host: SECONDARY, Attempt: SECONDARY };

const STATUS_CLASS_LABELS: Record<StatusClass, string> = { all: 'All', '2xx': '2xx', '4xx': '4xx', '5xx': '5xx', errors: 'Errors' };

export function LogScreen() {
  const { entries, filter, detail, openDetail, closeDetail } = usePicked(
    useLogStore,
    'entries',
    'filter',
    'detail',
    'openDetail',
    'closeDetail',
  );
  const profiles = useProfilesStore(selectProfiles);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [copied, setCopied] = useState('');
  const profileName = useMemo(() => profileNamer(profiles), [profiles]);
  const visible = useMemo(() => filterEntries(entries, filter, profileName), [entries, filter, profileName]);
  const openId = detail.status === 'closed' ? null : detail.id;

  // arrows move between the rows' path buttons; Enter (the button's own) opens the details; C
  // copies the row's cURL without opening it
  const onRowsKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key.toLowerCase() === 'c' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const id = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.logOpen : undefined;
      const entry = id === undefined ? undefined : visible.find((v) => v.id === id);
      if (entry === undefined) return;
      e.preventDefault();
      void copyEntryCurl(entry).then((r) => setCopied(r.message));
      return;
    }
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
      <p className="lead">
        Requests the app and crm commands made, newest first, kept across restarts. Authorization headers are redacted; bodies are kept
        without any key and cut at 64 KB.
      </p>
      <p className="hint" id="log-keys-hint">
        On a request: Enter opens it, C copies it as cURL, arrows move between requests.
      </p>
      <LogFilterBar shown={visible.length} total={entries.length} />
      <p role="status" aria-live="polite" className="hint" data-testid="log-list-copy-status">
        {copied}
      </p>
      <LoadedListState store={useLogStore} count={entries.length} failed="The log could not be loaded" empty="No requests yet." />
      <div className={openId === null ? 'log-layout' : 'log-layout log-layout-open'} onKeyDown={onLayoutKeyDown}>
        {visible.length > 0 && (
          <div ref={rows} onKeyDown={onRowsKeyDown}>
            <DataTable
              label="Recent requests"
              testId="log-table"
              columns={LOG_COLUMNS}
              columnClasses={COLUMN_CLASSES}
              className="log-table"
            >
              {visible.map((e) => (
                <Fragment key={e.id}>
                  <tr data-testid="log-row" className={e.id === openId ? 'log-row-open' : undefined} onClick={() => void openDetail(e.id)}>
                    <td className="log-nowrap">{formatClockTime(e.at)}</td>
                    <ByCell entry={e} />
                    <ProfileCell name={profileName(e.profileId)} />
                    <td className="mono">{e.method}</td>
                    <HostCell entry={e} />
                    <td className="mono path">
                      <button
                        type="button"
                        className="link-button mono"
                        data-log-open={e.id}
                        aria-expanded={e.id === openId}
                        aria-controls={e.id === openId ? LOG_DETAIL_ID : undefined}
                        aria-keyshortcuts="Enter C"
                        aria-describedby="log-keys-hint"
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
                    <td className="log-nowrap">{formatDuration(e.durationMs)}</td>
                    <td className={SECONDARY}>{e.attempt}</td>
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
  const searchId = useId();
  return (
    <div className="toolbar log-filter">
      <div role="group" aria-label="Status" className="segmented">
        {STATUS_CLASSES.map((c) => (
          <button
            key={c}
            type="button"
            className="btn btn-small"
            aria-pressed={filter.statusClass === c}
            onClick={() => setFilter({ statusClass: c })}
            data-testid={`log-filter-${c}`}
          >
            {STATUS_CLASS_LABELS[c]}
          </button>
        ))}
      </div>
      <label htmlFor={searchId}>Search</label>
      <input
        id={searchId}
        type="search"
        value={filter.text}
        onChange={(e) => setFilter({ text: e.target.value })}
        placeholder="path, host, profile, app or crm, 4xx…"
        aria-describedby={`${searchId}-hint`}
        autoComplete="off"
        spellCheck={false}
        data-testid="log-filter-path"
        // the screen opens here: a word typed narrows the log at once
        {...SCREEN_FOCUS_MARK}
      />
      <span id={`${searchId}-hint`} className="sr-only">
        Every word must match the path, host, method, profile, app or crm, status or error; 2xx, 4xx, 5xx or errors picks that kind of
        answer.
      </span>
      <span className="count" role="status" aria-live="polite">
        {shown === total
          ? `${total} ${total === 1 ? 'request' : 'requests'}`
          : `${shown} of ${total} ${total === 1 ? 'request' : 'requests'}`}
      </span>
    </div>
  );
}

function StatusCell({ entry }: { entry: RequestLogEntry }) {
  if (entry.status == null) return <span className="error-text">{entry.errorCode ?? 'no answer'}</span>;
  const cls = entry.status >= 500 ? 'error-text' : entry.status >= 400 ? 'warning-text' : 'ok-text';
  return <span className={cls}>{entry.status}</span>;
}
