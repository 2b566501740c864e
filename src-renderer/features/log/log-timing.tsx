// Where one logged request's time went: DNS, connect, TLS, first byte and the total, as main
// measured them on the connection (request-timing.ts). A connection an earlier request opened
// is said to be reused rather than shown as three zeros that look like a measurement.
import type { RequestLogDetail, RequestTiming } from '../../lib/api';

/** "12.3 ms", or "< 0.1 ms" for a loopback step too short to round to a tenth */
export function formatPhaseMs(ms: number): string {
  if (ms === 0) return '0 ms';
  if (ms < 0.1) return '< 0.1 ms';
  return ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function phase(ms: number | null, reused: boolean, missing: string): string {
  if (reused) return '0 ms (reused connection)';
  return ms === null ? missing : formatPhaseMs(ms);
}

export function LogTiming({ detail }: { detail: RequestLogDetail }) {
  const t: RequestTiming | undefined = detail.timing;
  return (
    <>
      <h3>Timing</h3>
      {t === undefined ? (
        <p className="muted" data-testid="log-timing">
          Total {formatPhaseMs(detail.durationMs)}; not split into steps (logged before the app measured them, or nothing answered).
        </p>
      ) : (
        <dl className="kv log-timing" data-testid="log-timing">
          <dt>Connection</dt>
          <dd data-testid="log-timing-connection">
            {t.reused ? 'reused (opened by an earlier request)' : t.connectMs === null ? 'not measured (through a proxy)' : 'new'}
          </dd>
          <dt>DNS</dt>
          <dd>{phase(t.dnsMs, t.reused, 'not measured')}</dd>
          <dt>Connect</dt>
          <dd>{phase(t.connectMs, t.reused, 'not measured')}</dd>
          <dt>TLS</dt>
          <dd>{t.reused ? phase(0, true, '') : t.tlsMs === null ? 'none (plain http)' : formatPhaseMs(t.tlsMs)}</dd>
          <dt>First byte</dt>
          <dd>{t.firstByteMs === null ? 'no answer' : `${formatPhaseMs(t.firstByteMs)} after the start`}</dd>
          <dt>Total</dt>
          <dd>{formatPhaseMs(detail.durationMs)}</dd>
        </dl>
      )}
    </>
  );
}
