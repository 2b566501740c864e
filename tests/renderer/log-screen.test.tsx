// The Request log table: one shared log of the app and `crm` commands, so each row says which
// kind of process made it (By) and the host it went to (Host), compactly.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src-renderer/lib/api';
import { LogScreen } from '../../src-renderer/features/log/log-screen';
import { processLabel } from '../../src-renderer/features/log/log-origin';
import { useLogStore } from '../../src-renderer/features/log/log-store';
import { NO_FILTER } from '../../src-renderer/features/log/log-filter';
import { installFakeCrm, ok } from './helpers/fake-crm';
import { render, settle, type Rendered } from './helpers/render';

const entry = (id: string, extra: Partial<RequestLogEntry>): RequestLogEntry => ({
  id,
  at: '2026-01-01T00:00:01.000Z',
  process: 'window',
  host: '127.0.0.1:4010',
  method: 'GET',
  path: '/api/v1/contacts',
  status: 200,
  durationMs: 3,
  requestHeaders: {},
  errorCode: null,
  attempt: 1,
  ...extra,
});

let view: Rendered | undefined;

beforeEach(() => {
  useLogStore.setState({ entries: [], status: 'idle', error: null, filter: NO_FILTER, detail: { status: 'closed' } });
});
afterEach(() => view?.unmount());

describe('the request log table', () => {
  it('shows who made each request and the host it went to, in two narrow columns', async () => {
    const crm = installFakeCrm();
    crm.handle('log:list', () =>
      ok([entry('a', {}), entry('b', { at: '2026-01-01T00:00:02.000Z', process: 'crm', host: 'api.crm.example', method: 'POST', path: '/api/v1/messages/text', status: 201 })]),
    );
    view = render(<LogScreen />);
    await settle();
    const headings = [...view.container.querySelectorAll('th')].map((th) => th.textContent);
    expect(headings).toEqual(['Time', 'By', 'Method', 'Host', 'Path', 'Status', 'Duration', 'Attempt', 'Headers']);
    const rows = [...view.container.querySelectorAll('tr[data-testid="log-row"]')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    // newest first: the crm command's send, then the app's listing
    expect(rows.map((cells) => cells.slice(1, 6))).toEqual([
      ['crm', 'POST', 'api.crm.example', '/api/v1/messages/text', '201'],
      ['app', 'GET', '127.0.0.1:4010', '/api/v1/contacts', '200'],
    ]);
    expect(view.container.querySelector('.log-host')?.getAttribute('title')).toBe('api.crm.example');
  });

  it('labels each kind of process in a word, with a longer description', () => {
    expect(processLabel('window')).toEqual({ label: 'app', title: 'Made by this app' });
    expect(processLabel('crm')).toEqual({ label: 'crm', title: 'Made by a crm command' });
  });
});
