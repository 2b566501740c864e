// The OS's proxy settings for the core's requests: Chromium's answer for a URL from the system
// settings, a PAC file or WPAD, as a PAC string ("PROXY host:port; DIRECT"), read by
// core/http/network/pac-answer.ts. Asked of the default session at request time, not at start: the
// session exists only once the app is ready, and the OS settings can change while it runs.
import { session } from 'electron';
import type { ResolveProxy } from '../core/http/network/proxy-choice';

export function createOsProxy(): ResolveProxy {
  return (url) => session.defaultSession.resolveProxy(url);
}
