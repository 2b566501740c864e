// Which OS programs do what Electron's own APIs do in the Electron host: the clipboard, a file
// dialog and opening a link in the person's browser. Pure: the caller says which programs exist.
// Secrets go to these programs on stdin, never as arguments (other users can read arguments).

export interface Command {
  file: string;
  args: string[];
}

export interface OsCommands {
  clipboardWrite: Command | null;
  clipboardRead: Command | null;
  /** prints the chosen path and exits 0; exits non-zero when the person cancels */
  pickFile: Command | null;
  /** the URL is appended as the last argument */
  openUrl: Command | null;
}

const POWERSHELL = { file: 'powershell.exe', pre: ['-NoProfile', '-NonInteractive', '-Command'] };

export function osCommands(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  has: (program: string) => boolean,
): OsCommands {
  if (platform === 'darwin') {
    return {
      clipboardWrite: { file: 'pbcopy', args: [] },
      clipboardRead: { file: 'pbpaste', args: [] },
      pickFile: { file: 'osascript', args: ['-e', 'POSIX path of (choose file)'] },
      openUrl: { file: 'open', args: [] },
    };
  }
  if (platform === 'win32') {
    return {
      clipboardWrite: { file: POWERSHELL.file, args: [...POWERSHELL.pre, 'Set-Clipboard -Value ([Console]::In.ReadToEnd())'] },
      clipboardRead: { file: POWERSHELL.file, args: [...POWERSHELL.pre, 'Get-Clipboard -Raw'] },
      pickFile: {
        file: POWERSHELL.file,
        args: [
          ...POWERSHELL.pre,
          'Add-Type -AssemblyName System.Windows.Forms; $d = New-Object System.Windows.Forms.OpenFileDialog; if ($d.ShowDialog() ' +
            '-eq "OK") { $d.FileName } else { exit 1 }',
        ],
      },
      // not `cmd /c start`: cmd would read & and ^ in a URL as its own syntax
      openUrl: { file: 'rundll32.exe', args: ['url.dll,FileProtocolHandler'] },
    };
  }
  const wayland = Boolean(env.WAYLAND_DISPLAY?.trim());
  const first = (...options: (Command & { needs: string })[]): Command | null => {
    const found = options.find((o) => has(o.needs));
    return found ? { file: found.file, args: found.args } : null;
  };
  return {
    clipboardWrite: first(
      ...(wayland ? [{ needs: 'wl-copy', file: 'wl-copy', args: [] }] : []),
      { needs: 'xclip', file: 'xclip', args: ['-selection', 'clipboard', '-in'] },
      { needs: 'xsel', file: 'xsel', args: ['--clipboard', '--input'] },
    ),
    clipboardRead: first(
      ...(wayland ? [{ needs: 'wl-paste', file: 'wl-paste', args: ['--no-newline'] }] : []),
      { needs: 'xclip', file: 'xclip', args: ['-selection', 'clipboard', '-out'] },
      { needs: 'xsel', file: 'xsel', args: ['--clipboard', '--output'] },
    ),
    pickFile: first(
      { needs: 'zenity', file: 'zenity', args: ['--file-selection', '--title=Choose a file to send'] },
      { needs: 'kdialog', file: 'kdialog', args: ['--getopenfilename'] },
    ),
    openUrl: first({ needs: 'xdg-open', file: 'xdg-open', args: [] }),
  };
}
