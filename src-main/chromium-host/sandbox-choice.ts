// Chromium's own sandbox stays on: the window runs the app's page, and the sandbox is what keeps
// a compromised renderer away from the person's files. Playwright launches Chromium with
// --no-sandbox unless asked otherwise (chromiumSandbox), so the host always asks explicitly.
// Chromium refuses to start sandboxed as root (containers, CI): only there it is turned off,
// and the person is told once why.

export interface SandboxChoice {
  /** Playwright's `chromiumSandbox` launch option: false makes it pass --no-sandbox */
  chromiumSandbox: boolean;
  /** one line for stderr when the sandbox is off; null when it is on */
  notice: string | null;
}

/** `uid`: process.getuid() (undefined on Windows, which has no root and no such refusal) */
export function chromiumSandboxChoice(uid: number | undefined): SandboxChoice {
  if (uid !== 0) return { chromiumSandbox: true, notice: null };
  return {
    chromiumSandbox: false,
    notice:
      "crm-console: running as root, so Chromium's sandbox is off (Chromium refuses to start sandboxed as root). Run as a normal user to keep it on.",
  };
}
