// The Chromium host's OS services (the HandlerPlatform the runtime asks for): what Electron does
// through its own APIs is done here from Node by OS programs, and a secret never enters the page.
// Where a program is missing, the person gets a sentence saying what to install or do instead.
import { spawn } from 'node:child_process';
import { CrmError } from '../core/errors';
import type { AskConsent } from '../core/profiles/profile-consent';
import { externalUrlFor } from '../app-shell/security-policy';
import { createClipboardGuard } from '../ipc/clipboard-guard';
import type { HandlerPlatform } from '../ipc/handler-types';
import type { Command, OsCommands } from './os-commands';

const NO_CLIPBOARD = 'Copying needs a clipboard program here: install xclip, xsel or wl-clipboard, then try again.';
const NO_FILE_DIALOG = 'No file dialog is available here (install zenity or kdialog): drag the file onto the panel instead.';

interface Ran {
  code: number | null;
  stdout: string;
}

/** runs a command with `input` on stdin; the clipboard programs fork and keep serving, so only the exit counts */
export function run(command: Command, input = '', extraArgs: string[] = []): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, [...command.args, ...extraArgs], { stdio: ['pipe', 'pipe', 'ignore'], windowsHide: true });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < 64 * 1024) stdout += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/**
 * `commandsNow` is asked at each use, not once at start: a program installed while the app runs
 * (zenity for the file dialog, xclip for the clipboard) is found without a restart.
 */
export function createOsServices(commandsNow: () => OsCommands, confirm: AskConsent): HandlerPlatform {
  return {
    clipboard: createClipboardGuard({
      async writeText(text) {
        const commands = commandsNow();
        if (!commands.clipboardWrite) throw new CrmError('internal', NO_CLIPBOARD);
        const { code } = await run(commands.clipboardWrite, text);
        if (code !== 0) throw new CrmError('internal', `${NO_CLIPBOARD} (${commands.clipboardWrite.file} exited with ${code})`);
      },
      async readText() {
        const commands = commandsNow();
        if (!commands.clipboardRead) return '';
        const { code, stdout } = await run(commands.clipboardRead);
        return code === 0 ? stdout : '';
      },
    }),
    async pickFile() {
      const commands = commandsNow();
      if (!commands.pickFile) throw new CrmError('validation', NO_FILE_DIALOG);
      const { code, stdout } = await run(commands.pickFile);
      const path = stdout.replace(/\r?\n$/, '');
      return code === 0 && path ? path : null;
    },
    async openExternal(url) {
      const allowed = externalUrlFor(url);
      const commands = commandsNow();
      if (allowed === null || !commands.openUrl) return;
      await run(commands.openUrl, '', [allowed]);
    },
    async openPath(path) {
      // the same opener takes a file's path (xdg-open, open, FileProtocolHandler)
      const commands = commandsNow();
      if (!commands.openUrl) return;
      await run(commands.openUrl, '', [path]);
    },
    confirm,
  };
}
