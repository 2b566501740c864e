// A window needs a display. On Linux without X11 or Wayland (a server, a container, an SSH
// session) Chromium would fail after a long wait with an unreadable error: say it at once.

export function missingDisplay(platform: NodeJS.Platform, env: Record<string, string | undefined>): string | null {
  if (platform !== 'linux' && platform !== 'freebsd' && platform !== 'openbsd') return null;
  if (env.DISPLAY?.trim() || env.WAYLAND_DISPLAY?.trim()) return null;
  return (
    'no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set). Run it from a desktop session, or under ' +
    'a virtual display: xvfb-run -a npm start'
  );
}
