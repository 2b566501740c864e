// The Timing part of a logged request's details: each step measured on a new connection, a
// reused connection said in words, and an entry logged without a breakdown says so.
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLogDetail } from '../../../src-renderer/lib/api';
import { LogTiming, formatPhaseMs } from '../../../src-renderer/features/log/log-timing';
import { render, type Rendered } from '../helpers/render';

const detail = (extra: Partial<RequestLogDetail>): RequestLogDetail => ({
  id: 'a',
  at: '2026-01-01T00:00:01.000Z',
  process: 'window',
  host: 'crm.example',
  method: 'GET',
  path: '/api/v1/contacts',
  status: 200,
  durationMs: 84.26,
  requestHeaders: {},
  errorCode: null,
  attempt: 1,
  statusText: 'OK',
  responseHeaders: {},
  requestBody: null,
  responseBody: null,
  curl: null,
  released: false,
  sent: null,
  ...extra,
});

let view: Rendered | undefined;
afterEach(() => view?.unmount());

function rows(): Record<string, string> {
  const out: Record<string, string> = {};
  const dts = view!.container.querySelectorAll('[data-testid="log-timing"] dt');
  for (const dt of dts) out[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
  return out;
}

describe('the timing of a logged request', () => {
  it('a new HTTPS connection shows each step and the total', () => {
    view = render(
      <LogTiming detail={detail({ timing: { reused: false, dnsMs: 3.2, connectMs: 11.04, tlsMs: 24.5, firstByteMs: 80.1 } })} />,
    );
    expect(rows()).toEqual({
      Connection: 'new',
      DNS: '3.2 ms',
      Connect: '11.0 ms',
      TLS: '24.5 ms',
      'First byte': '80.1 ms after the start',
      Total: '84.3 ms',
    });
  });

  it('a reused connection says so instead of three bare zeros', () => {
    view = render(<LogTiming detail={detail({ timing: { reused: true, dnsMs: 0, connectMs: 0, tlsMs: 0, firstByteMs: 2 } })} />);
    expect(rows()).toMatchObject({
      Connection: 'reused (opened by an earlier request)',
      DNS: '0 ms (reused connection)',
      Connect: '0 ms (reused connection)',
      TLS: '0 ms (reused connection)',
    });
  });

  it('plain http has no TLS step; a request with no answer has no first byte', () => {
    view = render(
      <LogTiming
        detail={detail({
          status: null,
          errorCode: 'network',
          timing: { reused: false, dnsMs: 0, connectMs: null, tlsMs: null, firstByteMs: null },
        })}
      />,
    );
    expect(rows()).toMatchObject({ TLS: 'none (plain http)', 'First byte': 'no answer' });
  });

  it('an entry logged without a breakdown (before the app measured it) gives the total only, and says why', () => {
    view = render(<LogTiming detail={detail({})} />);
    expect(view.container.querySelector('[data-testid="log-timing"]')?.textContent).toContain('Total 84.3 ms; not split into steps');
  });

  it('a loopback step shorter than a tenth of a millisecond reads "< 0.1 ms", not "0.0 ms"', () => {
    expect(formatPhaseMs(0.042)).toBe('< 0.1 ms');
    expect(formatPhaseMs(0)).toBe('0 ms');
    expect(formatPhaseMs(1530)).toBe('1.53 s');
  });
});
