import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SentMessage } from '../../../src-renderer/lib/api';
import { SendControls } from '../../../src-renderer/features/send/send-controls';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { installFakeCrm } from '../helpers/fake-crm';
import { render, type Rendered } from '../helpers/render';
import { sentMessageRecord } from '../helpers/records';

const message = (patch: Partial<SentMessage>): SentMessage => sentMessageRecord({ id: 'm_0123abcd', ...patch });

let view: Rendered;

function resultAfter(sent: SentMessage, replayed = false): string {
  useSendStore.setState((s) => ({ send: { ...s.send, text: { phase: 'sent', message: sent, durationMs: 42, replayed, cleared: null } } }));
  view = render(<SendControls kind="text" />);
  return view.container.querySelector('[data-testid="send-result"]')?.textContent?.trim() ?? '';
}

beforeEach(() => {
  installFakeCrm();
  useSendStore.getState().reset();
});
afterEach(() => view?.unmount());

describe('the send result line', () => {
  it('names the message the service answered with', () => {
    expect(resultAfter(message({}))).toBe('Sent: message m_0123abcd (queued) in 42 ms');
  });

  it('says the message was sent but the answer was not understood when there is no id (a 2xx is a send)', () => {
    expect(resultAfter(message({ id: null, status: 'sent', understood: false }))).toBe(
      'Sent; the server’s answer was not understood (see the Request log)',
    );
  });

  it('says a replayed answer was already sent, not sent now', () => {
    expect(resultAfter(message({}), true)).toBe('Already sent (the server replayed its earlier answer): message m_0123abcd');
  });

  it('says so too when an id was found but the body could not be read as a whole', () => {
    expect(resultAfter(message({ understood: false }))).toBe('Sent; the server’s answer was not understood (see the Request log)');
  });
});
