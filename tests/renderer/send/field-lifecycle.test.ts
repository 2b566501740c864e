// When a send panel's field problems and its last result show and go: a problem shows once the
// field was changed and left or a send tried, then follows what is typed; a success starts the
// panel over (the emptied box is not "Text is empty"); a new number or another profile clears
// "Not sent"; main's own refusal of a draft goes with the first edit.
import { describe, expect, it, vi } from 'vitest';
import { sendStoreOnFakeClock } from '../helpers/send-store-clock';
import type { RequestPreview, SendDraft } from '../../../src-renderer/lib/api';
import {
  afterBlur,
  afterChange,
  afterSuccess,
  shownNow,
  withoutFailures,
  withoutStaleRefusal,
  type Shown,
} from '../../../src-renderer/features/send/field-lifecycle';
import { NUMBER_FIELDS, TEXT_FIELDS } from '../../../src-renderer/features/send/fields';
import { PREVIEW_DEBOUNCE_MS, problemsFor, useSendStore, type SendPhase } from '../../../src-renderer/features/send/send-store';
import { fail, flush, installFakeCrm, ok } from '../helpers/fake-crm';

const idle: SendPhase = { phase: 'idle' };
const failed: SendPhase = { phase: 'error', error: { code: 'bad_request', message: 'Number is too short: 5 digits' }, retryIn: null };
const message = { id: 'm_1', type: 'text' as const, number: '5511999990000', status: 'queued', createdAt: null, raw: {}, understood: true };
const sent: SendPhase = { phase: 'sent', message, durationMs: 3, replayed: false, cleared: 'hi' };

describe('the pure rules', () => {
  const none: Shown = { touched: {}, edited: {}, attempted: { text: false, media: false, audio: false, template: false } };
  const apply = (s: Shown, patch: Partial<Shown>): Shown => ({ ...s, ...patch });

  it('passing through a field shows nothing; leaving it after a change shows its problems; again changes nothing', () => {
    expect(afterBlur(none, 'number')).toBe(none);
    const changed = apply(none, afterChange(none, 'number'));
    expect(afterChange(changed, 'number')).toBe(changed);
    const left = apply(changed, afterBlur(changed, 'number'));
    expect(left.touched).toEqual({ number: true });
    expect(afterBlur(left, 'number')).toBe(left);
  });

  it('a value whole at once (a picked contact, a staged file) shows at once', () => {
    expect(shownNow(none, 'media-source')).toEqual({ touched: { 'media-source': true }, edited: { 'media-source': true } });
  });

  it("a success forgets what was changed and shown of that panel's fields, not of the others'", () => {
    const shown: Shown = {
      touched: { number: true, text: true, caption: true },
      edited: { text: true, caption: true },
      attempted: { text: true, media: true, audio: false, template: false },
    };
    const after = afterSuccess(shown, 'text');
    expect(after.touched).toEqual({ caption: true });
    expect(after.edited).toEqual({ caption: true });
    expect(after.attempted).toEqual({ text: false, media: true, audio: false, template: false });
  });

  it('a failure or a cancel is dropped; a success and a send in flight stay; nothing to drop is the same object', () => {
    const sending: SendPhase = { phase: 'sending', requestId: 'r', cancelling: false, upload: null, waiting: null };
    const all = { text: failed, media: { phase: 'cancelled' } as SendPhase, audio: sending, template: sent };
    expect(withoutFailures(all)).toEqual({ text: idle, media: idle, audio: sending, template: sent });
    const clean = { text: idle, media: sent, audio: idle, template: idle };
    expect(withoutFailures(clean)).toBe(clean);
  });
});

describe('in the send store', () => {
  const store = () => useSendStore.getState();
  const numberProblems = () => problemsFor(store(), 'text', NUMBER_FIELDS, 'number');
  const textProblems = () => problemsFor(store(), 'text', TEXT_FIELDS, 'text');
  /** main's rules, as far as these tests need them */
  const check = (draft: SendDraft): RequestPreview['problems'] => {
    const problems: RequestPreview['problems'] = [];
    const digits = draft.number.replace(/\D/g, '');
    if (digits.length < 8)
      problems.push({ field: 'number', message: 'is too short', sentence: `Number is too short: ${digits.length} digits` });
    if (draft.kind === 'text' && draft.text === '') problems.push({ field: 'text', message: 'is empty', sentence: 'Text is empty' });
    return problems;
  };
  const settlePreview = async () => {
    vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS);
    await flush();
  };

  sendStoreOnFakeClock();

  it('"Number is too short" shows once the field is left, and goes as soon as the number is long enough', async () => {
    installFakeCrm({ 'send:preview': ({ draft }) => ok({ method: 'POST', url: 'u', curl: 'c', problems: check(draft) }) });
    store().setNumber('55119');
    await settlePreview();
    expect(numberProblems()).toEqual([]); // still typing
    store().touch('number');
    expect(numberProblems()).toEqual(['Number is too short: 5 digits']);
    store().setNumber('551199999');
    await settlePreview();
    expect(numberProblems()).toEqual([]);
    store().setNumber('5511');
    // the preview of the number before says nothing of this one
    expect(numberProblems()).toEqual([]);
    await settlePreview();
    expect(numberProblems()).toEqual(['Number is too short: 4 digits']);
  });

  it('a refused send\'s "Not sent" and its field details go when the number changes', async () => {
    installFakeCrm({
      'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
      'send:submit': () =>
        fail({
          code: 'bad_request',
          message: 'The server rejected the request: number: is not on WhatsApp',
          details: [{ field: 'number', message: 'is not on WhatsApp' }],
        }),
    });
    store().setNumber('5511999990000');
    store().setText('hello');
    await store().submit('text');
    expect(store().send.text.phase).toBe('error');
    expect(numberProblems()).toEqual(['is not on WhatsApp']);
    store().setNumber('5511999990001');
    expect(store().send.text).toEqual(idle);
    expect(numberProblems()).toEqual([]);
    expect(store().text.text).toBe('hello'); // the draft is never lost
  });

  it('after a success the emptied box is not an error, until the person tries to send again', async () => {
    installFakeCrm({
      'send:preview': ({ draft }) => ok({ method: 'POST', url: 'u', curl: 'c', problems: check(draft) }),
      // main refuses what its rules refuse, as it does
      'send:submit': ({ draft }) =>
        check(draft).length > 0
          ? fail({ code: 'validation', message: 'The message has problems' })
          : ok({ status: 'sent', message, durationMs: 3, replayed: false }),
    });
    store().setNumber('5511999990000');
    store().touch('number');
    store().setText('hi');
    store().touch('text');
    await store().submit('text');
    await settlePreview();
    expect(store().text.text).toBe('');
    expect(store().preview.text.preview?.problems.map((p) => p.sentence)).toEqual(['Text is empty']);
    expect(textProblems()).toEqual([]);
    expect(numberProblems()).toEqual([]);

    // passing through the emptied box is no error either
    store().touch('text');
    expect(textProblems()).toEqual([]);
    // typing again and emptying it is still no error until the box is left or Send is pressed
    store().setText('x');
    store().setText('');
    await settlePreview();
    expect(textProblems()).toEqual([]);
    store().dismissResult('text');
    await store().submit('text');
    expect(textProblems()).toEqual(['Text is empty']);
  });

  it('switching profile clears "Not sent"; switching back does not bring it back', async () => {
    installFakeCrm({
      'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
      'send:submit': () => fail({ code: 'server_error', message: 'Server error (HTTP 500)' }),
    });
    store().switchProfile('p1');
    store().setNumber('5511999990000');
    store().setText('hello');
    await store().submit('text');
    expect(store().send.text.phase).toBe('error');
    store().switchProfile('p2');
    expect(store().send.text).toEqual(idle);
    store().switchProfile('p1');
    expect(store().send.text).toEqual(idle);
    expect(store().text.text).toBe('hello');
  });
});

describe("main's own refusal of a draft", () => {
  const store = () => useSendStore.getState();
  sendStoreOnFakeClock();

  it('goes with the first edit of that panel; a refusal by the service stays until a new number', async () => {
    const refusal = (code: 'validation' | 'refused_by_service', message: string): SendPhase => ({
      phase: 'error',
      error: { code, message },
      retryIn: null,
    });
    useSendStore.setState((s) => ({
      send: {
        ...s.send,
        template: refusal('validation', 'Parameter {{1}} is empty'),
        text: refusal('refused_by_service', 'Ticket has been expired'),
      },
    }));
    store().setText('still refused');
    expect(store().send.text.phase).toBe('error');
    expect(store().send.template.phase).toBe('error'); // another panel's edit
    store().setTemplateParam(0, '#1042');
    expect(store().send.template).toEqual(idle);
    expect(afterEditUnchanged()).toBe(true);
  });
});

/** nothing to drop gives back the same object, so nothing re-renders */
function afterEditUnchanged(): boolean {
  const send = { text: idle, media: sent, audio: idle, template: idle };
  return withoutStaleRefusal(send, 'text') === send;
}
