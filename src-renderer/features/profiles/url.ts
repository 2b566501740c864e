/** True for plain http to a host that is not this machine (main asks for confirmInsecure). */
export function isInsecureHttp(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return false;
  return !/^127(\.\d{1,3}){3}$/.test(host);
}
