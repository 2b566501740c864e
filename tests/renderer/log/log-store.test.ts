// The Request log's store and its pure helpers: filtering by status class and path, the detail
// panel (a later choice wins), "Copy cURL" of a screen's newest request, and reading a logged
// text send back into the Send panel's fields.
import { beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogDetail, RequestLogEntry } from '../../../src-renderer/lib/api';
import { filterEntries } from '../../../src-renderer/features/log/log-filter';
import { copyEntryCurl, newestEntryFor, useLogStore } from '../../../src-renderer/features/log/log-store';
import { prettyBody } from '../../../src-renderer/features/log/pretty-body';
import { isMessageSend, sendPanelPatch } from '../../../src-renderer/features/log/send-from-log';
import { deferred, fail, flush, installFakeCrm, ok } from '../helpers/fake-crm';

const entry = (id: string, status: number | null, path: string, extra: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  id,
  at: `2026-01-01T00:00:0${id.slice(-1)}.000Z`,
  process: 'window',
  host: '127.0.0.1:4010',
  method: 'GET',
  path,
  status,
  durationMs: 3,
  requestHeaders: {},
  errorCode: status === null ? 'network' : null,
  attempt: 1,
  ...extra,
});

const detailOf = (e: RequestLogEntry, body: string | null, extra: Partial<RequestLogDetail> = {}): RequestLogDetail => ({
  ...e,
  statusText: null,
  responseHeaders: {},
  requestBody: body === null ? null : { kind: 'text', text: body, contentType: 'application/json', truncated: false },
  responseBody: null,
  curl: 'curl …',
  released: false,
  sent: null,
  ...extra,
});

const ENTRIES = [
  entry('r1', 200, '/api/v1/contacts?page=1', { endpoint: 'contacts.list' }),
  entry('r2', 404, '/api/v1/messages?number=1', { endpoint: 'messages.list' }),
  entry('r3', 503, '/api/v1/messages/text', { method: 'POST', endpoint: 'messages.text' }),
  entry('r4', null, '/api/v1/contacts?page=2', { endpoint: 'contacts.list' }),
  entry('r5', 201, '/api/v1/messages/text', { method: 'POST', endpoint: 'messages.text' }),
];

beforeEach(() => {
  useLogStore.setState(useLogStore.getInitialState(), true);
});

describe('filterEntries', () => {
  it('keeps one status class, errors being requests without an answer', () => {
    const ids = (statusClass: '2xx' | '4xx' | '5xx' | 'errors' | 'all') =>
      filterEntries(ENTRIES, { statusClass, text: '' }).map((e) => e.id);
    expect(ids('2xx')).toEqual(['r1', 'r5']);
    expect(ids('4xx')).toEqual(['r2']);
    expect(ids('5xx')).toEqual(['r3']);
    expect(ids('errors')).toEqual(['r4']);
    expect(ids('all')).toHaveLength(5);
  });

  it('matches the path text anywhere, ignoring case, together with the class', () => {
    expect(filterEntries(ENTRIES, { statusClass: 'all', text: ' CONTACTS ' }).map((e) => e.id)).toEqual(['r1', 'r4']);
    expect(filterEntries(ENTRIES, { statusClass: '2xx', text: '/messages' }).map((e) => e.id)).toEqual(['r5']);
  });

  it('searches the host, the process, the profile by name, the status and the error too; every word must match', () => {
    const mixed = [
      entry('r1', 200, '/api/v1/contacts', { profileId: 'p1' }),
      entry('r2', 404, '/api/v1/messages', { host: 'graph.facebook.com', process: 'crm', profileId: 'p2' }),
      entry('r3', null, '/api/v1/messages/text', { method: 'POST', profileId: 'gone' }),
      entry('r4', 502, '/v1/send', { host: 'api.crm.example' }),
    ];
    const names = (id: string | undefined): string =>
      id === undefined ? '' : (({ p1: 'Sandbox', p2: 'Meta live' } as Record<string, string>)[id] ?? 'deleted profile');
    const ids = (text: string) => filterEntries(mixed, { statusClass: 'all', text }, names).map((e) => e.id);
    expect(ids('facebook')).toEqual(['r2']);
    expect(ids('crm')).toEqual(['r2', 'r4']); // the crm process, and a host with crm in it
    expect(ids('app')).toEqual(['r1', 'r3', 'r4']);
    expect(ids('meta')).toEqual(['r2']);
    expect(ids('deleted')).toEqual(['r3']);
    expect(ids('network')).toEqual(['r3']);
    expect(ids('404')).toEqual(['r2']);
    expect(ids('4xx')).toEqual(['r2']);
    expect(ids('5XX')).toEqual(['r4']);
    expect(ids('errors')).toEqual(['r3']);
    expect(ids('messages crm')).toEqual(['r2']);
    expect(ids('post sandbox')).toEqual([]);
  });
});

describe('the log store', () => {
  it('opens the detail of the row chosen last, even when an earlier answer comes later', async () => {
    const slow = deferred<ReturnType<typeof ok<RequestLogDetail>>>();
    installFakeCrm({
      'log:detail': ({ id }) => (id === 'r1' ? slow.promise : ok(detailOf(ENTRIES[4]!, '{}'))),
    });
    const first = useLogStore.getState().openDetail('r1');
    await useLogStore.getState().openDetail('r5');
    slow.resolve(ok(detailOf(ENTRIES[0]!, null)));
    await first;
    const state = useLogStore.getState().detail;
    expect(state.status).toBe('ready');
    expect(state.status === 'ready' && state.detail.id).toBe('r5');
  });

  it('shows why a detail could not be loaded and closes', async () => {
    installFakeCrm({ 'log:detail': () => fail({ code: 'not_found', message: 'That request is no longer in the log.' }) });
    await useLogStore.getState().openDetail('gone');
    expect(useLogStore.getState().detail).toMatchObject({ status: 'error', id: 'gone', error: { code: 'not_found' } });
    useLogStore.getState().closeDetail();
    expect(useLogStore.getState().detail).toEqual({ status: 'closed' });
  });

  it("copies the newest request of a screen's operation and says what was copied", async () => {
    const crm = installFakeCrm({ 'log:list': () => ok(ENTRIES), 'log:copy-curl': () => ok({ clearsAfterMs: null }) });
    await useLogStore.getState().load(); // as wireAppEvents does at start
    const newest = await newestEntryFor('contacts.list');
    expect(newest?.id).toBe('r4');
    const outcome = await copyEntryCurl(newest!);
    expect(crm.callsTo('log:copy-curl')).toEqual([{ id: 'r4' }]);
    expect(outcome).toEqual({ ok: true, message: 'Copied the cURL of GET /api/v1/contacts?page=2 (the key reads from $CRM_API_KEY).' });
    expect(await newestEntryFor('keys.list')).toBeNull();
  });

  it('says nothing was copied when the app refuses', async () => {
    installFakeCrm({ 'log:copy-curl': () => fail({ code: 'not_found', message: 'That request is no longer in the log.' }) });
    expect(await copyEntryCurl(ENTRIES[0]!)).toEqual({ ok: false, message: 'Nothing copied: That request is no longer in the log.' });
    await flush();
  });
});

describe('reading a logged send back', () => {
  it('gives the number and text of a text send, whatever its body looked like', () => {
    expect(sendPanelPatch({ kind: 'text', number: '5511999990000', text: 'hi there' })).toEqual({
      tab: 'text',
      number: '5511999990000',
      text: 'hi there',
      fileToChoose: null,
    });
  });

  it('gives a media send by URL with its type and caption, and names a file that must be chosen again', () => {
    expect(
      sendPanelPatch({
        kind: 'media',
        number: '1',
        mediatype: 'image',
        url: 'https://cdn.example/p',
        fileName: null,
        mimetype: 'image/webp',
        caption: 'Menu',
      }),
    ).toEqual({
      tab: 'media',
      number: '1',
      media: { mediatype: 'image', mode: 'url', url: 'https://cdn.example/p', urlType: 'image/webp', caption: 'Menu' },
      fileToChoose: null,
    });
    expect(sendPanelPatch({ kind: 'audio', number: '1', url: null, fileName: 'note.ogg', mimetype: null })).toEqual({
      tab: 'audio',
      number: '1',
      audio: { mode: 'file', url: '', urlType: '' },
      fileToChoose: 'note.ogg',
    });
  });

  it('gives nothing once the log released the fields, and offers it only for message sends', () => {
    expect(sendPanelPatch(null)).toBeNull();
    expect(isMessageSend(ENTRIES[4]!)).toBe(true);
    expect(isMessageSend(ENTRIES[0]!)).toBe(false);
    expect(isMessageSend({ method: 'POST', endpoint: 'keys.create' })).toBe(false);
  });

  it('pretty-prints a whole JSON body and leaves a cut one as kept', () => {
    expect(prettyBody({ kind: 'text', text: '{"a":[1]}', contentType: 'application/json', truncated: false })).toBe(
      '{\n  "a": [\n    1\n  ]\n}',
    );
    expect(prettyBody({ kind: 'text', text: '{"a":[1', contentType: 'application/json', truncated: true })).toBe('{"a":[1');
  });
});
