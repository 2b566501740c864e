// The Request log table: one shared log of the app and `crm` commands, so each row says which
// kind of process made it (By) and the host it went to (Host), compactly.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../src-renderer/lib/api';
import { LogScreen } from '../../../src-renderer/features/log/log-screen';
import { processLabel } from '../../../src-renderer/features/log/log-origin';
import { useLogStore } from '../../../src-renderer/features/log/log-store';
import { NO_FILTER } from '../../../src-renderer/features/log/log-filter';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { installFakeCrm, ok } from '../helpers/fake-crm';
import { key, render, settle, typeInto, type Rendered } from '../helpers/render';

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
  useProfilesStore.setState(useProfilesStore.getInitialState(), true);
  useLogStore.setState({ entries: [], status: 'idle', error: null, filter: NO_FILTER, detail: { status: 'closed' } });
});
afterEach(() => view?.unmount());

describe('the request log table', () => {
  it('shows who made each request and the host it went to, in two narrow columns', async () => {
    const crm = installFakeCrm();
    crm.handle('log:list', () =>
      ok([
        entry('a', {}),
        entry('b', {
          at: '2026-01-01T00:00:02.000Z',
          process: 'crm',
          host: 'api.crm.example',
          method: 'POST',
          path: '/api/v1/messages/text',
          status: 201,
        }),
      ]),
    );
    view = render(<LogScreen />);
    await settle();
    const headings = [...view.container.querySelectorAll('th')].map((th) => th.textContent);
    expect(headings).toEqual(['Time', 'By', 'Profile', 'Method', 'Host', 'Path', 'Status', 'Duration', 'Attempt', 'Headers']);
    const rows = [...view.container.querySelectorAll('tr[data-testid="log-row"]')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    // newest first: the crm command's send, then the app's listing
    expect(rows.map((cells) => cells.slice(1, 7))).toEqual([
      ['crm', '—', 'POST', 'api.crm.example', '/api/v1/messages/text', '201'],
      ['app', '—', 'GET', '127.0.0.1:4010', '/api/v1/contacts', '200'],
    ]);
    expect(view.container.querySelector('.log-host')?.getAttribute('title')).toBe('api.crm.example');
  });

  it('labels each kind of process in a word, with a longer description', () => {
    expect(processLabel('window')).toEqual({ label: 'app', title: 'Made by this app' });
    expect(processLabel('crm')).toEqual({ label: 'crm', title: 'Made by a crm command' });
  });

  it('names the profile of each request; one deleted since says so, and one without a profile shows a dash', async () => {
    const crm = installFakeCrm();
    crm.handle('log:list', () =>
      ok([
        entry('a', { profileId: 'p1' }),
        entry('b', { at: '2026-01-01T00:00:02.000Z', profileId: 'gone' }),
        entry('c', { at: '2026-01-01T00:00:03.000Z' }),
      ]),
    );
    useProfilesStore.setState({ profiles: [{ id: 'p1', name: 'Sandbox' } as never], status: 'ready' });
    view = render(<LogScreen />);
    await settle();
    const profiles = [...view.container.querySelectorAll('td.log-profile')].map((td) => td.textContent);
    expect(profiles).toEqual(['—', 'deleted profile', 'Sandbox']);
    // the search box reads the same words as the columns
    typeInto(view.container.querySelector('[data-testid="log-filter-path"]'), 'sandbox');
    expect([...view.container.querySelectorAll('tr[data-testid="log-row"]')]).toHaveLength(1);
    expect(view.container.querySelector('td.log-profile')?.textContent).toBe('Sandbox');
  });

  it("C on a row copies that request's cURL without opening it, and says so", async () => {
    const crm = installFakeCrm();
    crm.handle('log:list', () =>
      ok([entry('a', {}), entry('b', { at: '2026-01-01T00:00:02.000Z', method: 'POST', path: '/api/v1/messages/text', status: 201 })]),
    );
    crm.handle('log:copy-curl', () => ok({ clearsAfterMs: null }));
    view = render(<LogScreen />);
    await settle();
    const second = view.container.querySelectorAll<HTMLButtonElement>('button[data-log-open]')[1];
    second?.focus();
    key(second, 'c');
    await settle();
    expect(crm.callsTo('log:copy-curl')).toEqual([{ id: 'a' }]);
    expect(crm.callsTo('log:detail')).toEqual([]);
    expect(view.container.querySelector('[data-testid="log-list-copy-status"]')?.textContent).toContain(
      'Copied the cURL of GET /api/v1/contacts',
    );
    expect(second?.getAttribute('aria-keyshortcuts')).toBe('Enter C');
  });
});
