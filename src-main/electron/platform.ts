// Clipboard, file dialog, external links, the person's consent and the OS's microphone consent:
// the OS services the handlers need, as Electron adapters of the ports in ipc/handlers.ts.
import { clipboard, dialog, shell, type BrowserWindow } from 'electron';
import { externalUrlFor } from '../app-shell/security-policy';
import { createClipboardGuard } from '../ipc/clipboard-guard';
import type { HandlerPlatform } from '../ipc/handlers';
import type { DialogPurpose } from '../shared/file-purpose';
import type { OsMicrophone } from './microphone';

const FILTERS: Record<DialogPurpose, Electron.FileFilter[]> = {
  image: [
    { name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] },
    { name: 'All files', extensions: ['*'] },
  ],
  video: [
    { name: 'Videos', extensions: ['mp4', '3gp'] },
    { name: 'All files', extensions: ['*'] },
  ],
  document: [{ name: 'All files', extensions: ['*'] }],
  sticker: [
    { name: 'Stickers', extensions: ['webp'] },
    { name: 'All files', extensions: ['*'] },
  ],
  audio: [
    { name: 'Audio', extensions: ['ogg', 'opus', 'webm', 'mp3', 'm4a', 'mp4', 'aac', 'wav'] },
    { name: 'All files', extensions: ['*'] },
  ],
  'api-document': [
    { name: 'OpenAPI or Postman', extensions: ['json', 'yaml', 'yml'] },
    { name: 'All files', extensions: ['*'] },
  ],
};

export function createElectronPlatform(getWindow: () => BrowserWindow | null, microphone?: OsMicrophone): HandlerPlatform {
  return {
    ...(microphone ? { microphoneAccess: microphone } : {}),
    clipboard: createClipboardGuard({ writeText: (t) => clipboard.writeText(t), readText: () => clipboard.readText() }),
    async pickFile(purpose) {
      const win = getWindow();
      const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: FILTERS[purpose] };
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async openExternal(url) {
      // the allow-list (http and https only) right beside the call, whatever the caller checked
      const allowed = externalUrlFor(url);
      if (allowed === null) return;
      await shell.openExternal(allowed);
    },
    async openPath(path) {
      // only a file main keeps (conversation-service.ts storedFile); an empty answer is success
      const problem = await shell.openPath(path);
      if (problem !== '') throw new Error(problem);
    },
    async confirm(question) {
      // a native dialog: the window cannot answer it, only the person can
      const win = getWindow();
      const options: Electron.MessageBoxOptions = {
        type: 'warning',
        title: question.title,
        message: question.message,
        detail: question.detail,
        buttons: ['Cancel', question.confirmLabel],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      };
      const result = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
      return result.response === 1;
    },
  };
}
