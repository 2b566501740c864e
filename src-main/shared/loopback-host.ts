// Whether a host is this computer, as the WHATWG URL parser spells it: shared by the base-URL
// check in main and the live-profile suggestion the window also reads.

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
