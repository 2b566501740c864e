// The app info the handler tests serve on app:info (tiny limits: nothing reads them there).
import type { AppInfo } from '../../../src-main/ipc/contract';

export const TEST_APP_INFO: AppInfo = {
  version: 't',
  platform: 'linux',
  host: 'test',
  firstRunNotice: null,
  notices: [],
  sandbox: null,
  limits: { imageBytes: 1, documentBytes: 1, videoBytes: 1, stickerBytes: 1, audioBytes: 1, textChars: 1, captionChars: 1 },
};
