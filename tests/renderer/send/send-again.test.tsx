// The Send Text panel right after a success: Send is held for the unchanged draft, "Send again"
// is the only way to send it once more, Ctrl+Enter does not resend, and focus comes back to the
// message field after a send.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Result, SendResult } from '../../../src-renderer/lib/api';
import { TextPanel } from '../../../src-renderer/features/send/text-panel';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { deferred, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { click, key, render, settle, typeInto, type Rendered } from '../helpers/render';
import { sentMessageRecord } from '../helpers/records';

const message = sentMessageRecord({ id: 'm_0123abcd' });
const sent = (): Result<SendResult> => ok({ status: 'sent', message, durationMs: 12, replayed: false });

let crm: FakeCrm;
let view: Rendered;

const q = <T extends Element = HTMLElement>(testId: string) => view.container.querySelector<T & HTMLElement>(`[data-testid="${testId}"]`);
const sendButton = () => q<HTMLButtonElement>('send-button')!;
const sendAgain = () => q<HTMLButtonElement>('send-again');
const textArea = () => q<HTMLTextAreaElement>('message-text')!;
const submits = () => crm.callsTo('send:submit');

/** a text panel with a number and a text, sent once successfully, and the text brought back with Undo */
async function afterOneSend(): Promise<void> {
  view = render(<TextPanel />);
  typeInto(q('recipient-number'), '5511999990000');
  typeInto(textArea(), 'hello');
  click(sendButton());
  await settle();
  expect(submits()).toHaveLength(1);
  expect(q('send-result')?.textContent).toContain('Sent: message m_0123abcd');
  // the service took it: the box is empty for the next message, Send has nothing to send
  expect(textArea().value).toBe('');
  expect(sendButton().disabled).toBe(true);
  click(q<HTMLButtonElement>('undo-clear'));
  await settle();
  expect(textArea().value).toBe('hello');
}

beforeEach(() => {
  useSendStore.getState().reset();
  crm = installFakeCrm({
    'send:submit': () => sent(),
    'send:preview': () => ok({ method: 'POST', url: 'http://127.0.0.1:4010/api/v1/messages/text', curl: 'curl …', problems: [] }),
  });
});
afterEach(() => {
  view?.unmount();
  useSendStore.getState().reset();
});

describe('Send Text after a success', () => {
  it('holds Send for the unchanged draft and offers "Send again", which sends it with again: true', async () => {
    await afterOneSend();
    expect(sendButton().disabled).toBe(true);
    const again = sendAgain();
    expect(again?.textContent).toBe('Send again');
    expect(again?.disabled).toBe(false);
    expect(again?.getAttribute('aria-describedby')).toBe(q('send-again-hint')?.id);
    expect(q('send-again-hint')?.textContent).toMatch(/just sent/);

    click(again);
    await settle();
    expect(submits()).toHaveLength(2);
    expect(submits()[0]).not.toHaveProperty('again');
    expect(submits()[1]).toMatchObject({ again: true, draft: { kind: 'text', text: 'hello' } });
  });

  it('makes Send normal again after an edit', async () => {
    await afterOneSend();
    typeInto(textArea(), 'hello again');
    expect(sendButton().disabled).toBe(false);
    expect(sendAgain()).toBeNull();
    expect(q('send-again-hint')).toBeNull();
    click(sendButton());
    await settle();
    expect(submits()).toHaveLength(2);
    expect(submits()[1]).not.toHaveProperty('again');
  });

  it('Ctrl+Enter right after the success sends nothing and moves focus to "Send again"', async () => {
    await afterOneSend();
    textArea().focus();
    key(textArea(), 'Enter', { ctrlKey: true });
    await settle();
    expect(submits()).toHaveLength(1);
    expect(document.activeElement).toBe(sendAgain());
    // pressed again on the focused button: still nothing (a plain Enter or a click is needed)
    key(sendAgain(), 'Enter', { ctrlKey: true });
    await settle();
    expect(submits()).toHaveLength(1);
  });

  it('Ctrl+Enter sends again as usual once the draft changed', async () => {
    await afterOneSend();
    typeInto(textArea(), 'hello, second message');
    key(textArea(), 'Enter', { ctrlKey: true });
    await settle();
    expect(submits()).toHaveLength(2);
  });
});

/** Send Text filled in, whose send's answer waits until the test resolves what this returns. */
function typedWithAnswerHeld() {
  const answer = deferred<Result<SendResult>>();
  crm.handle('send:submit', () => answer.promise);
  view = render(<TextPanel />);
  typeInto(q('recipient-number'), '5511999990000');
  typeInto(textArea(), 'hello');
  return answer;
}

describe('focus after a send', () => {
  it('returns to the message field when Send was clicked', async () => {
    const answer = typedWithAnswerHeld();
    sendButton().focus();
    click(sendButton());
    answer.resolve(sent());
    await settle();
    expect(q('send-result')).not.toBeNull();
    expect(document.activeElement).toBe(textArea());
  });

  it('leaves focus alone when the person moved to another field meanwhile', async () => {
    const answer = typedWithAnswerHeld();
    click(sendButton());
    const number = q<HTMLInputElement>('recipient-number')!;
    number.focus();
    answer.resolve(sent());
    await settle();
    expect(document.activeElement).toBe(number);
  });
});
