import { describe, expect, it, vi } from 'vitest';
import type { RequestPreview, Result, SendResult, SentMessage } from '../../../src-renderer/lib/api';
import { PREVIEW_DEBOUNCE_MS, problemsFor, selectNeedsAgain, useSendStore } from '../../../src-renderer/features/send/send-store';
import { MEDIA_SOURCE_FIELDS, MISSING_FILE, TEXT_FIELDS } from '../../../src-renderer/features/send/fields';
import { deferred, fail, flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { sentMessageRecord } from '../helpers/records';
import { sendStoreOnFakeClock } from '../helpers/send-store-clock';

const message = sentMessageRecord();

function preview(curl: string, problems: RequestPreview['problems'] = []): RequestPreview {
  return { method: 'POST', url: 'http://127.0.0.1:4010/api/v1/messages/text', curl, problems };
}

let crm: FakeCrm;
const store = () => useSendStore.getState();

sendStoreOnFakeClock();

describe('cURL preview', () => {
  it('is debounced: one send:preview 150 ms after the last change, with the latest draft', async () => {
    crm = installFakeCrm({ 'send:preview': ({ draft }) => ok(preview(`curl ${JSON.stringify(draft)}`)) });
    store().setNumber('5511999990000');
    store().setText('H');
    vi.advanceTimersByTime(50);
    store().setText('He');
    vi.advanceTimersByTime(50);
    store().setText('Hey');
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS - 1);
    await flush();
    expect(crm.callsTo('send:preview')).toHaveLength(0);

    vi.advanceTimersByTime(1);
    await flush();
    expect(crm.callsTo('send:preview')).toEqual([{ draft: { kind: 'text', number: '5511999990000', text: 'Hey' } }]);
    expect(store().preview.text.preview?.curl).toContain('"text":"Hey"');
  });

  it('ignores a preview answer that arrives after a newer one', async () => {
    const answers: ReturnType<typeof deferred<Result<RequestPreview>>>[] = [];
    crm = installFakeCrm({
      'send:preview': () => {
        const d = deferred<Result<RequestPreview>>();
        answers.push(d);
        return d.promise;
      },
    });
    store().setText('old');
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    store().setText('new');
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
    expect(answers).toHaveLength(2);
    answers[1]!.resolve(ok(preview('curl new')));
    await flush();
    answers[0]!.resolve(ok(preview('curl old')));
    await flush();
    expect(store().preview.text.preview?.curl).toBe('curl new');
    expect(store().preview.text.loading).toBe(false);
  });

  it('shows a problem next to its field once the person left it, then follows each change', async () => {
    crm = installFakeCrm({
      'send:preview': ({ draft }) =>
        ok(
          preview(
            'curl',
            draft.kind === 'text' && draft.text === '' ? [{ field: 'text', message: 'is empty', sentence: 'Text is empty' }] : [],
          ),
        ),
    });
    store().runPreview('text');
    await flush();
    expect(problemsFor(store(), 'text', TEXT_FIELDS, 'text')).toEqual([]); // fresh form: no red
    store().setText('');
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
    expect(problemsFor(store(), 'text', TEXT_FIELDS, 'text')).toEqual([]); // still typing: no red
    store().touch('text');
    expect(problemsFor(store(), 'text', TEXT_FIELDS, 'text')).toEqual(['Text is empty']);
    store().setText('Hi');
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
    expect(problemsFor(store(), 'text', TEXT_FIELDS, 'text')).toEqual([]);
  });
});

describe('the media URL field', () => {
  const urlProblem = { field: 'url', message: 'is empty', sentence: 'Give the media URL' };
  const sourceProblems = () => problemsFor(store(), 'media', MEDIA_SOURCE_FIELDS, 'media-source');

  it('shows nothing before anything is typed, even after a send was tried in file mode', async () => {
    crm = installFakeCrm({ 'send:preview': () => ok(preview('curl', [urlProblem])) });
    await store().submit('media'); // file mode, no file chosen
    expect(sourceProblems()).toEqual([MISSING_FILE.media]);

    store().setMedia({ mode: 'url' });
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
    expect(sourceProblems()).toEqual([]); // the empty URL was not typed in yet

    store().setMedia({ url: 'h' });
    store().touch('media-source');
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
    expect(sourceProblems()).toEqual(['Give the media URL']);
  });

  it('a send tried in URL mode shows the URL problem', async () => {
    crm = installFakeCrm({
      'send:preview': () => ok(preview('curl', [urlProblem])),
      'send:submit': () => fail({ code: 'validation', message: 'no' }),
    });
    store().setMedia({ mode: 'url' });
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
    expect(sourceProblems()).toEqual([]);
    await store().submit('media');
    expect(sourceProblems()).toEqual(['Give the media URL']);
  });
});

describe('send state machine', () => {
  it('sends with a fresh requestId per click and shows the created message id', async () => {
    crm = installFakeCrm({ 'send:submit': () => ok({ status: 'sent', message, durationMs: 87, replayed: false }) });
    store().setNumber('5511999990000');
    store().setText('hello');
    await store().submit('text');
    // the service took it: the box was emptied, Undo puts the text back
    expect(store().text.text).toBe('');
    store().undoClear('text');
    await store().submit('text', { again: true });
    const ids = crm.callsTo('send:submit').map((c) => c.requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(crm.callsTo('send:submit')[0]!.draft).toEqual({ kind: 'text', number: '5511999990000', text: 'hello' });
    expect(store().send.text).toEqual({ phase: 'sent', message, durationMs: 87, replayed: false, cleared: 'hello' });
  });

  it('shows upload progress and a live countdown while main waits out a 429, then the result', async () => {
    const answer = deferred<Result<SendResult>>();
    crm = installFakeCrm({ 'send:submit': () => answer.promise });
    const { wireAppEvents } = await import('../../../src-renderer/app/wire-events');
    crm.handle('app:info', () => fail({ code: 'internal', message: 'n/a' }));
    const unwire = wireAppEvents();

    store().setAudio({ mode: 'url', url: 'https://example.com/a.ogg' });
    const done = store().submit('audio');
    const phase = store().send.audio;
    if (phase.phase !== 'sending') throw new Error('expected sending');
    const { requestId } = phase;

    crm.emit('send:progress', { requestId, kind: 'upload', sentBytes: 512, totalBytes: 2048 });
    expect(store().send.audio).toMatchObject({ phase: 'sending', upload: { sentBytes: 512, totalBytes: 2048 } });

    crm.emit('send:progress', { requestId: 'someone-else', kind: 'upload', sentBytes: 1, totalBytes: 1 });
    expect(store().send.audio).toMatchObject({ upload: { sentBytes: 512 } });

    crm.emit('send:progress', { requestId, kind: 'waiting', retryAfterMs: 3000, attempt: 2, maxAttempts: 4 });
    expect(store().send.audio).toMatchObject({ waiting: { secondsLeft: 3, attempt: 2, maxAttempts: 4 } });
    vi.advanceTimersByTime(1000);
    expect(store().send.audio).toMatchObject({ waiting: { secondsLeft: 2 } });
    vi.advanceTimersByTime(2000);
    expect(store().send.audio).toMatchObject({ waiting: { secondsLeft: 0 } });
    vi.advanceTimersByTime(5000);
    expect(store().send.audio).toMatchObject({ waiting: { secondsLeft: 0 } });

    answer.resolve(ok({ status: 'sent', message: { ...message, type: 'audio' }, durationMs: 4100, replayed: false }));
    await done;
    expect(store().send.audio).toMatchObject({ phase: 'sent', message: { id: 'm_1' }, replayed: false });
    unwire();
  });

  it('reports a queued outcome (offline) as saved to the outbox', async () => {
    crm = installFakeCrm({ 'send:submit': () => ok({ status: 'queued', outboxId: 'o_7', reason: 'offline' }) });
    store().setText('later');
    await store().submit('text');
    expect(store().send.text).toEqual({ phase: 'queued', outboxId: 'o_7', reason: 'offline' });
  });

  it('keeps the draft on a 400 and puts the field details next to their fields', async () => {
    crm = installFakeCrm({
      'send:submit': () =>
        fail({
          code: 'bad_request',
          status: 400,
          message: 'invalid request data',
          details: [{ field: 'number', message: 'number must be 8 to 15 digits' }],
        }),
    });
    store().setNumber('123');
    store().setText('my long draft');
    await store().submit('text');
    expect(store().send.text).toMatchObject({ phase: 'error', error: { status: 400 }, retryIn: null });
    expect(problemsFor(store(), 'text', ['number'], 'number')).toEqual(['number must be 8 to 15 digits']);
    expect(store().recipient.number).toBe('123');
    expect(store().text.text).toBe('my long draft');
  });

  it('counts down the Retry-After of a final 429 error', async () => {
    crm = installFakeCrm({ 'send:submit': () => fail({ code: 'rate_limited', status: 429, message: 'slow down', retryAfterMs: 2500 }) });
    store().setText('x');
    await store().submit('text');
    expect(store().send.text).toMatchObject({ phase: 'error', retryIn: { secondsLeft: 3 } });
    vi.advanceTimersByTime(1000);
    expect(store().send.text).toMatchObject({ retryIn: { secondsLeft: 2 } });
    vi.advanceTimersByTime(2000);
    expect(store().send.text).toMatchObject({ retryIn: { secondsLeft: 0 } });
    expect(store().text.text).toBe('x');
  });

  it('cancels the send in flight by its requestId', async () => {
    const answer = deferred<Result<SendResult>>();
    crm = installFakeCrm({ 'send:submit': () => answer.promise, 'send:cancel': () => ok(null) });
    store().setText('x');
    const done = store().submit('text');
    const phase = store().send.text;
    if (phase.phase !== 'sending') throw new Error('expected sending');
    await store().cancel('text');
    expect(crm.callsTo('send:cancel')).toEqual([{ requestId: phase.requestId }]);
    expect(store().send.text).toMatchObject({ phase: 'sending', cancelling: true });
    answer.resolve(fail({ code: 'cancelled', message: 'cancelled' }));
    await done;
    expect(store().send.text).toEqual({ phase: 'cancelled' });
    expect(store().text.text).toBe('x');
  });

  it('does not start a second send while one is in flight', async () => {
    const answer = deferred<Result<SendResult>>();
    crm = installFakeCrm({ 'send:submit': () => answer.promise });
    const first = store().submit('text');
    await store().submit('text');
    expect(crm.callsTo('send:submit')).toHaveLength(1);
    answer.resolve(ok({ status: 'sent', message, durationMs: 1, replayed: false }));
    await first;
  });
});

describe('a file panel with no file chosen', () => {
  const urlProblems = [
    { field: 'source', message: 'must be an http:// or https:// URL', sentence: 'Media URL must be an http:// or https:// URL' },
    {
      field: 'mimetype',
      message: 'is required: the URL does not end in a known audio extension',
      sentence: 'Mimetype is required: the URL does not end in a known audio extension',
    },
  ];

  it.each(['media', 'audio'] as const)('%s: Send asks for a file instead of reporting URL problems, and sends nothing', async (kind) => {
    crm = installFakeCrm({
      'send:preview': () => ok(preview('curl …', urlProblems)),
      'send:submit': () => fail({ code: 'validation', message: 'not sent' }),
    });
    store().setNumber('5511999990000');
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    store().setTab(kind);
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
    const area = kind === 'media' ? 'media-source' : 'audio-source';
    const fields = ['source', 'mimetype', 'url', 'media', 'audio'];
    expect(problemsFor(store(), kind, fields, area)).toEqual([]); // nothing shown before an attempt

    await store().submit(kind);
    expect(crm.callsTo('send:submit')).toHaveLength(0);
    expect(store().send[kind].phase).toBe('idle');
    const shown = problemsFor(store(), kind, fields, area);
    expect(shown).toEqual([
      kind === 'audio'
        ? 'Choose an audio file, drop one on the panel, or record a voice note.'
        : 'Choose a file, or drop one on the panel.',
    ]);

    // switched to URL mode: the empty URL is no error until typed in or sent
    if (kind === 'media') store().setMedia({ mode: 'url' });
    else store().setAudio({ mode: 'url' });
    expect(problemsFor(store(), kind, fields, area)).toEqual([]);
    // in URL mode the URL problems are the right ones again
    await store().submit(kind);
    expect(problemsFor(store(), kind, fields, area).join(' ')).toMatch(/http:\/\/ or https:\/\/ URL/);
    // main's sentences, shown as main wrote them (not rebuilt from the field name)
    expect(problemsFor(store(), kind, fields, area)).toEqual(urlProblems.map((p) => p.sentence));
  });
});

describe('the same draft right after a success', () => {
  const sent = (patch: Partial<SentMessage> = {}, extra: { replayed?: boolean } = {}) =>
    ok<SendResult>({ status: 'sent', message: { ...message, ...patch }, durationMs: 5, replayed: false, ...extra });

  it('is held: Send sends nothing, "again" sends it with again: true, and only then', async () => {
    crm = installFakeCrm({ 'send:submit': () => sent() });
    store().setNumber('5511999990000');
    store().setText('hello');
    expect(selectNeedsAgain('text')(store())).toBe(false);
    await store().submit('text');
    expect(crm.callsTo('send:submit')).toHaveLength(1);
    expect(crm.callsTo('send:submit')[0]).not.toHaveProperty('again');
    // the text box was emptied; Undo brings back exactly what was sent
    store().undoClear('text');
    expect(selectNeedsAgain('text')(store())).toBe(true);

    await store().submit('text'); // Send or Ctrl+Enter: nothing goes out
    expect(crm.callsTo('send:submit')).toHaveLength(1);
    expect(store().send.text).toMatchObject({ phase: 'sent' });

    await store().submit('text', { again: true });
    const calls = crm.callsTo('send:submit');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ again: true, draft: { kind: 'text', number: '5511999990000', text: 'hello' } });
    // still the same draft, still held
    store().undoClear('text');
    expect(selectNeedsAgain('text')(store())).toBe(true);
  });

  it.each([
    ['the text', () => store().setText('hello!')],
    ['the number', () => store().setNumber('5511999990001')],
    ['a contact picked', () => store().pickRecipient('5511999990002', 'Ana')],
  ])('is normal again after a change to %s', async (_what, change) => {
    crm = installFakeCrm({ 'send:submit': () => sent() });
    store().setNumber('5511999990000');
    store().setText('hello');
    await store().submit('text');
    store().undoClear('text');
    change();
    expect(selectNeedsAgain('text')(store())).toBe(false);
    await store().submit('text');
    expect(crm.callsTo('send:submit')).toHaveLength(2);
    expect(crm.callsTo('send:submit')[1]).not.toHaveProperty('again');
  });

  it('media: a caption, URL or type change makes Send normal again; the other panels are not held', async () => {
    crm = installFakeCrm({ 'send:submit': () => sent({ type: 'media' }) });
    store().setNumber('5511999990000');
    store().setMedia({ mode: 'url', url: 'https://example.com/a.png', caption: 'one' });
    await store().submit('media');
    expect(selectNeedsAgain('media')(store())).toBe(true);
    expect(selectNeedsAgain('text')(store())).toBe(false);
    store().setMedia({ caption: 'two' });
    expect(selectNeedsAgain('media')(store())).toBe(false);
    store().setMedia({ caption: 'one' }); // back to exactly what was sent: the app would refuse it too
    expect(selectNeedsAgain('media')(store())).toBe(true);
    store().setMedia({ url: 'https://example.com/b.png' });
    expect(selectNeedsAgain('media')(store())).toBe(false);
    store().setMedia({ url: 'https://example.com/a.png', mediatype: 'document' });
    expect(selectNeedsAgain('media')(store())).toBe(false);
  });

  it('a file: choosing another file makes Send normal again', async () => {
    const staged = (fileId: string) => ({
      fileId,
      name: `${fileId}.ogg`,
      size: 10,
      mimetype: 'audio/ogg',
      category: 'audio' as const,
      previewDataUrl: null,
      temporary: false,
    });
    let next = 'f1';
    crm = installFakeCrm({
      'send:submit': () => sent({ type: 'audio' }),
      'files:pick': () => ok(staged(next)),
      'files:release': () => ok(null),
    });
    store().setNumber('5511999990000');
    await store().pickFile('audio');
    await store().submit('audio');
    expect(selectNeedsAgain('audio')(store())).toBe(true);
    next = 'f2';
    await store().pickFile('audio');
    expect(selectNeedsAgain('audio')(store())).toBe(false);
  });

  it('is not held after an answer the app could not read (the app replays it with the same key)', async () => {
    crm = installFakeCrm({ 'send:submit': () => sent({ id: null, understood: false }) });
    store().setText('hello');
    await store().submit('text');
    expect(selectNeedsAgain('text')(store())).toBe(false);
    await store().submit('text');
    expect(crm.callsTo('send:submit')).toHaveLength(2);
  });

  it('keeps a replayed answer apart: the message was already sent', async () => {
    crm = installFakeCrm({ 'send:submit': () => sent({}, { replayed: true }) });
    store().setText('hello');
    await store().submit('text');
    expect(store().send.text).toMatchObject({ phase: 'sent', replayed: true });
    store().undoClear('text');
    expect(selectNeedsAgain('text')(store())).toBe(true);
  });

  it('follows the app when it says the draft was just sent (conflict): "Send again" is offered', async () => {
    crm = installFakeCrm({
      'send:submit': () =>
        fail({ code: 'conflict', message: 'This message was just sent. Change it, or choose "Send again" to send it once more.' }),
    });
    store().setText('hello');
    await store().submit('text');
    // nothing failed: no red "Not sent" under the grey "just sent"
    expect(store().send.text).toEqual({ phase: 'idle' });
    expect(selectNeedsAgain('text')(store())).toBe(true);
  });

  it('stays held when the result line is dismissed, and is forgotten on reset', async () => {
    crm = installFakeCrm({ 'send:submit': () => sent() });
    store().setText('hello');
    await store().submit('text');
    store().undoClear('text');
    store().dismissResult('text');
    expect(selectNeedsAgain('text')(store())).toBe(true);
    store().reset();
    expect(selectNeedsAgain('text')(store())).toBe(false);
  });
});
