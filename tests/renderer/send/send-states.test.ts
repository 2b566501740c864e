// What the send store keeps after each answer, so the panel never says two things at once: a
// draft handed to the outbox is held like a sent one, main's refusal of the same draft leaves
// the earlier result standing (no "Not sent"), and an accepted text leaves the box empty with
// Undo bringing it back.
import { describe, expect, it } from 'vitest';
import { selectJustCleared, selectNeedsAgain, useSendStore } from '../../../src-renderer/features/send/send-store';
import { fail, flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { sentMessageRecord } from '../helpers/records';
import { sendStoreOnFakeClock } from '../helpers/send-store-clock';

const message = sentMessageRecord();
const store = () => useSendStore.getState();
let crm: FakeCrm;

sendStoreOnFakeClock(() => {
  store().setNumber('5511999990000');
  store().setText('hello');
});

describe('send states', () => {
  it('a draft handed to the outbox is held; main refusing it again leaves "in the outbox" standing, not an error', async () => {
    crm = installFakeCrm({
      'send:submit': () => ok({ status: 'queued', outboxId: 'o_1', reason: 'offline' }),
      'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
    });
    await store().submit('text');
    expect(store().send.text).toEqual({ phase: 'queued', outboxId: 'o_1', reason: 'offline' });
    expect(selectNeedsAgain('text')(store())).toBe(true);

    // a window that forgot it (reloaded) asks again; main says conflict
    useSendStore.setState({ sentDraft: { text: null, media: null, audio: null, template: null } });
    crm.handle('send:submit', () => fail({ code: 'conflict', message: 'This message was just sent.' }));
    await store().submit('text');
    expect(store().send.text).toEqual({ phase: 'queued', outboxId: 'o_1', reason: 'offline' });
    expect(selectNeedsAgain('text')(store())).toBe(true);
  });

  it('an accepted text empties the box; Undo brings it back, held for "Send again"', async () => {
    installFakeCrm({
      'send:submit': () => ok({ status: 'sent', message, durationMs: 3, replayed: false }),
      'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
    });
    await store().submit('text');
    await flush();
    expect(store().text.text).toBe('');
    expect(store().send.text).toMatchObject({ phase: 'sent', cleared: 'hello' });
    expect(selectJustCleared('text')(store())).toBe(true);

    store().undoClear('text');
    expect(store().text.text).toBe('hello');
    expect(store().send.text).toMatchObject({ phase: 'sent', cleared: null });
    expect(selectJustCleared('text')(store())).toBe(false);
    expect(selectNeedsAgain('text')(store())).toBe(true);
  });

  it('a text changed while it was on its way is not cleared', async () => {
    let answer: (v: ReturnType<typeof ok>) => void = () => undefined;
    installFakeCrm({
      'send:submit': () => new Promise((r) => (answer = r as typeof answer)) as never,
      'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
    });
    const sending = store().submit('text');
    await flush();
    store().setText('hello, and more');
    answer(ok({ status: 'sent', message, durationMs: 3, replayed: false }));
    await sending;
    expect(store().text.text).toBe('hello, and more');
    expect(store().send.text).toMatchObject({ phase: 'sent', cleared: null });
  });
});
