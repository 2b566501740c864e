// Send Audio's Record asks main for the OS's microphone consent first: refused (macOS), the
// panel says so and where to allow it, and no stream is opened that would record silence.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioPanel } from '../../../src-renderer/features/send/audio-panel';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { click, render, settle, type Rendered } from '../helpers/render';

let crm: FakeCrm;
let view: Rendered;
const getUserMedia = vi.fn(async () => ({ getTracks: () => [] }) as unknown as MediaStream);

class FakeRecorder {
  static isTypeSupported = () => true;
  state = 'inactive';
  mimeType = 'audio/webm';
  ondataavailable: unknown = null;
  onstop: unknown = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
  }
}

const q = (testId: string) => view.container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

beforeEach(() => {
  useSendStore.getState().reset();
  getUserMedia.mockClear();
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  crm = installFakeCrm({
    'send:preview': () => ok({ method: 'POST', url: 'http://127.0.0.1:4010/api/v1/messages/audio', curl: 'curl …', problems: [] }),
  });
});
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  useSendStore.getState().reset();
});

describe('recording a voice note when the OS refuses the microphone', () => {
  it('says access is denied and where to allow it, and opens no stream', async () => {
    crm.handle('app:microphone-access', () =>
      ok({ access: 'denied' as const, where: 'System Settings › Privacy & Security › Microphone' }),
    );
    view = render(<AudioPanel />);
    click(q('record-start')!);
    await settle();
    expect(crm.callsTo('app:microphone-access')).toEqual([{}]);
    const message = q('mic-error')?.textContent ?? '';
    expect(message).toContain('Microphone access is denied');
    expect(message).toContain('System Settings › Privacy & Security › Microphone');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(q('record-stop')).toBeNull();
  });

  it('granted: records as before', async () => {
    crm.handle('app:microphone-access', () => ok({ access: 'granted' as const }));
    view = render(<AudioPanel />);
    click(q('record-start')!);
    await settle();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(q('mic-error')).toBeNull();
    expect(q('record-stop')).not.toBeNull();
  });

  it("no answer from main (an older host): Chromium's own permission path decides", async () => {
    view = render(<AudioPanel />);
    click(q('record-start')!);
    await settle();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });
});
