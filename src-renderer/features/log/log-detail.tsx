// The detail panel of one logged request: status and timing, who made it for which profile,
// what was sent, what came back (JSON indented, or raw as kept), its cURL to copy and, for a
// send, a way back into the Send panel with the same fields.
import { Fragment, useState } from 'react';
import type { LoggedBody, RequestLogDetail } from '../../lib/api';
import { useOpenScreen } from '../../app/app-port';
import { formatClockTime, formatDuration } from '../../lib/format';
import { ErrorMessage } from '../../ui/messages';
import { useSendStore } from '../send/send-store';
import { selectProfiles, useProfilesStore } from '../profiles/profiles-store';
import { processLabel, profileNamer } from './log-origin';
import { copyEntryCurl, selectLogDetail, selectRawBodies, useLogStore } from './log-store';
import { LogTiming } from './log-timing';
import { prettyBody } from './pretty-body';
import { isMessageSend, sendPanelPatch } from './send-from-log';
import { resendEntry } from './resend-entry';

export const LOG_DETAIL_ID = 'log-detail';

/** The viewer of the open entry; `onClose` closes it (Escape does too, from the log screen). */
export function LogDetailPanel({ onClose }: { onClose: () => void }) {
  const state = useLogStore(selectLogDetail);
  if (state.status === 'closed') return null;
  return (
    <section id={LOG_DETAIL_ID} className="log-detail" aria-labelledby="log-detail-title" data-testid="log-detail">
      <div className="log-detail-head">
        <h2 id="log-detail-title">Request details</h2>
        <button type="button" className="btn btn-small" onClick={onClose} aria-keyshortcuts="Escape" data-testid="log-detail-close">
          Close
        </button>
      </div>
      {state.status === 'loading' && <p className="muted">Loading…</p>}
      {state.status === 'error' && <ErrorMessage error={state.error} prefix="The request's details could not be loaded" />}
      {state.status === 'ready' && <DetailBody detail={state.detail} />}
    </section>
  );
}

function DetailBody({ detail }: { detail: RequestLogDetail }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const openScreen = useOpenScreen();
  const profiles = useProfilesStore(selectProfiles);
  const raw = useLogStore(selectRawBodies);
  const setRaw = useLogStore((s) => s.setRawBodies);
  const profile = profileNamer(profiles)(detail.profileId);
  const patch = sendPanelPatch(detail.sent);
  const openInSend = (): void => {
    if (patch === null) return;
    const send = useSendStore.getState();
    send.setTab(patch.tab);
    send.setNumber(patch.number);
    if (patch.text !== undefined) send.setText(patch.text);
    if (patch.media !== undefined) send.setMedia(patch.media);
    if (patch.audio !== undefined) send.setAudio(patch.audio);
    openScreen('send');
  };
  return (
    <>
      <p className="mono log-detail-line">
        <strong>{detail.method}</strong> {detail.path}
      </p>
      <dl className="kv log-detail-summary">
        <dt>Status</dt>
        <dd data-testid="log-detail-status">
          {detail.status === null
            ? `no answer (${detail.errorCode ?? 'error'})`
            : `${detail.status}${detail.statusText ? ` ${detail.statusText}` : ''}`}
        </dd>
        <dt>Started</dt>
        <dd>{formatClockTime(detail.at)}</dd>
        <dt>Duration</dt>
        <dd>{formatDuration(detail.durationMs)}</dd>
        <dt>Attempt</dt>
        <dd>{detail.attempt}</dd>
        <dt>Host</dt>
        <dd className="mono">{detail.host}</dd>
        <dt>Profile</dt>
        <dd data-testid="log-detail-profile">{profile === '' ? 'none recorded' : profile}</dd>
        <dt>Made by</dt>
        <dd>{processLabel(detail.process).title.replace(/^Made by /, '')}</dd>
      </dl>
      <div className="log-detail-actions">
        <button
          type="button"
          className="btn btn-small"
          disabled={detail.curl === null}
          onClick={() => void copyEntryCurl(detail).then((r) => setCopied(r.message))}
          data-testid="log-copy-curl"
        >
          Copy as cURL
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={detail.resendable !== true || resending}
          aria-describedby={detail.resendable === true ? undefined : 'log-resend-why'}
          onClick={() => {
            setResending(true);
            void resendEntry(detail).then((r) => {
              setResending(false);
              setCopied(r.message);
            });
          }}
          data-testid="log-resend"
        >
          {resending ? 'Sending again…' : 'Resend'}
        </button>
        {detail.resendable !== true && (
          <span id="log-resend-why" className="hint" data-testid="log-resend-why">
            Only requests this window sent since it started can be sent again.
          </span>
        )}
        {isMessageSend(detail) && (
          <button
            type="button"
            className="btn btn-small"
            disabled={patch === null}
            onClick={openInSend}
            aria-describedby={patch?.fileToChoose ? 'log-file-again' : undefined}
            data-testid="log-open-in-send"
          >
            Open in the send panel
          </button>
        )}
        {patch?.fileToChoose && (
          <span id="log-file-again" className="hint" data-testid="log-file-again">
            The file ({patch.fileToChoose}) is not kept: choose it again there.
          </span>
        )}
        <span role="status" aria-live="polite" className="hint" data-testid="log-copy-status">
          {copied ?? (detail.curl === null ? 'No cURL kept for this request.' : '')}
        </span>
      </div>
      {detail.released && <p className="hint">The bodies of this older request were released to keep the log small.</p>}
      <label className="choice-item log-raw-choice">
        <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} data-testid="log-raw-bodies" />
        Show bodies raw, as kept (not indented)
      </label>
      <LogTiming detail={detail} />
      <Headers title="Request headers" headers={detail.requestHeaders} />
      <Body title="Request body" body={detail.requestBody} raw={raw} testId="log-request-body" />
      <Headers title="Response headers" headers={detail.responseHeaders} />
      <Body title="Response body" body={detail.responseBody} raw={raw} testId="log-response-body" />
    </>
  );
}

function Headers({ title, headers }: { title: string; headers: Record<string, string> | null }) {
  return (
    <>
      <h3>{title}</h3>
      {headers === null || Object.keys(headers).length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <dl className="kv mono">
          {Object.entries(headers).map(([name, value]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </>
  );
}

function Body({ title, body, raw, testId }: { title: string; body: LoggedBody | null; raw: boolean; testId: string }) {
  return (
    <>
      <h3>
        {title}
        {body?.contentType ? <span className="muted"> ({body.contentType})</span> : null}
      </h3>
      {body === null ? (
        <p className="muted">None.</p>
      ) : (
        <>
          {body.truncated && <p className="hint">Truncated: only the beginning is kept.</p>}
          <pre className="log-body" role="region" aria-label={title} tabIndex={0} data-testid={testId}>
            <code>{raw ? body.text : prettyBody(body)}</code>
          </pre>
        </>
      )}
    </>
  );
}
