// Writes sensitive text (a cURL with the real key, a newly created key) to the clipboard and
// clears it after a delay if the clipboard still holds exactly that text, so a secret does not
// linger while leaving alone whatever the person copied since.
export interface ClipboardPort {
  writeText(text: string): Promise<void> | void;
  readText(): Promise<string> | string;
}

export interface ClipboardGuard {
  /** plain text: no clearing */
  copy(text: string): Promise<void>;
  /** resolves with the delay after which the clipboard is cleared */
  copySensitive(text: string): Promise<number>;
  /** on quit: clears a secret still on the clipboard */
  dispose(): Promise<void>;
}

export const SENSITIVE_CLEAR_MS = 60_000;

export function createClipboardGuard(
  clipboard: ClipboardPort,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
  clearAfterMs = SENSITIVE_CLEAR_MS,
): ClipboardGuard {
  let pending: ReturnType<typeof setTimeout> | null = null;
  let secret: string | null = null;

  const clearIfUnchanged = async (): Promise<void> => {
    pending = null;
    const held = secret;
    secret = null;
    if (held !== null && (await clipboard.readText()) === held) await clipboard.writeText('');
  };

  const cancelTimer = (): void => {
    if (pending) timers.clearTimeout(pending);
    pending = null;
  };

  return {
    async copy(text) {
      cancelTimer();
      secret = null;
      await clipboard.writeText(text);
    },
    async copySensitive(text) {
      cancelTimer();
      await clipboard.writeText(text);
      secret = text;
      pending = timers.setTimeout(() => void clearIfUnchanged(), clearAfterMs);
      // Never keep a process alive only to clear the clipboard.
      (pending as { unref?: () => void }).unref?.();
      return clearAfterMs;
    },
    async dispose() {
      cancelTimer();
      await clearIfUnchanged();
    },
  };
}
