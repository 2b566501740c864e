// The IPC handlers over a test core, wired as a host wires them minus the desktop: the
// clipboard is a plain holder the test can read, no file is ever picked, nothing is opened.
import { createClipboardGuard } from '../../../src-main/ipc/clipboard-guard';
import {
  createDispatcher,
  createHandlers,
  type Dispatch,
  type HandlerCore,
  type HandlerDeps,
  type HandlerPlatform,
} from '../../../src-main/ipc/handlers';
import { TEST_APP_INFO } from './app-info';

export interface TestIpcOptions {
  /** holds what the handlers last put on the clipboard */
  clipboard?: { text: string };
  emit?: HandlerDeps['emit'];
  /** the person's answers to main's questions; without it every question is a no */
  confirm?: HandlerPlatform['confirm'];
  /** a handler threw something that is not a CrmError */
  onInternalError?: (channel: string) => void;
}

export function testDispatch(core: HandlerCore, options: TestIpcOptions = {}): Dispatch {
  const clipboard = options.clipboard ?? { text: '' };
  const handlers = createHandlers({
    core,
    platform: {
      clipboard: createClipboardGuard({
        writeText: (t) => {
          clipboard.text = t;
        },
        readText: () => clipboard.text,
      }),
      pickFile: async () => null,
      openExternal: async () => {},
      ...(options.confirm ? { confirm: options.confirm } : {}),
    },
    appInfo: () => TEST_APP_INFO,
    emit: options.emit ?? (() => {}),
  });
  return createDispatcher(handlers, options.onInternalError);
}
