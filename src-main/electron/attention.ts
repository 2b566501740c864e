// The OS's ways to get the person's attention for the inbox (runtime/inbox-signals.ts decides
// when): the unread total on the dock/taskbar icon, and a notification that brings the window
// forward when clicked. Thin: Electron's objects, no decisions.
import { app, Notification, type BrowserWindow } from 'electron';
import type { AttentionPort } from '../runtime/inbox-signals';
import { focusWindow } from './window';

export function createElectronAttention(getWindow: () => BrowserWindow | null): AttentionPort {
  // a notification nothing refers to may be garbage collected while still on screen, and its click
  // then does nothing (Windows and Linux): each is held until it is clicked or closed
  const shownNow = new Set<Notification>();
  return {
    // macOS's dock and Linux's Unity launcher show it; elsewhere Electron ignores it
    badge: (count) => void app.setBadgeCount(count),
    notify: (notice, onClick) => {
      if (!Notification.isSupported()) return;
      const shown = new Notification({ title: notice.title, body: notice.body });
      shownNow.add(shown);
      shown.on('click', () => {
        shownNow.delete(shown);
        focusWindow(getWindow());
        onClick();
      });
      shown.on('close', () => shownNow.delete(shown));
      shown.show();
    },
    focused: () => {
      const win = getWindow();
      return win !== null && !win.isDestroyed() && win.isFocused();
    },
  };
}
