import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClipboardGuard, SENSITIVE_CLEAR_MS } from '../../../src-main/ipc/clipboard-guard';

/** A guard over a fake clipboard whose text `cb.peek()` shows. */
function guardedClipboard() {
  let text = '';
  const cb = {
    writeText: async (t: string) => {
      text = t;
    },
    readText: async () => text,
    peek: () => text,
  };
  return { cb, guard: createClipboardGuard(cb) };
}

describe('clipboard guard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears a secret after 60 s if the clipboard still holds it', async () => {
    const { cb, guard } = guardedClipboard();
    expect(await guard.copySensitive('curl -H "Authorization: Bearer crm_sk_secret"')).toBe(SENSITIVE_CLEAR_MS);
    expect(cb.peek()).toContain('crm_sk_secret');
    await vi.advanceTimersByTimeAsync(SENSITIVE_CLEAR_MS - 1);
    expect(cb.peek()).toContain('crm_sk_secret');
    await vi.advanceTimersByTimeAsync(1);
    expect(cb.peek()).toBe('');
  });

  it('leaves alone what the person copied since', async () => {
    const { cb, guard } = guardedClipboard();
    await guard.copySensitive('secret');
    await cb.writeText('something else');
    await vi.advanceTimersByTimeAsync(SENSITIVE_CLEAR_MS);
    expect(cb.peek()).toBe('something else');
  });

  it('does not clear plain copies, and a plain copy cancels a pending clear', async () => {
    const { cb, guard } = guardedClipboard();
    await guard.copySensitive('secret');
    await guard.copy('curl with $CRM_API_KEY');
    await vi.advanceTimersByTimeAsync(SENSITIVE_CLEAR_MS * 2);
    expect(cb.peek()).toBe('curl with $CRM_API_KEY');
  });

  it('clears a secret still on the clipboard when the app quits', async () => {
    const { cb, guard } = guardedClipboard();
    await guard.copySensitive('secret');
    await guard.dispose();
    expect(cb.peek()).toBe('');
  });
});
