// Validation of a profile's base URL: http(s) only, no credentials, no query or fragment,
// normalised without a trailing slash. Plain http is fine without confirmation only for a
// loopback host; elsewhere the key would cross the network in clear text.
import { CrmError } from '../errors';
import { isLoopbackHost } from '../../shared/loopback-host';

export interface BaseUrlCheck {
  baseUrl: string;
  /** plain http to a host that is not loopback */
  insecure: boolean;
  origin: string;
}

function invalid(message: string): CrmError {
  return new CrmError('validation', message, { details: [{ field: 'baseUrl', message }] });
}

// shared with the window's live-profile suggestion; re-exported for the callers that import it here
export { isLoopbackHost } from '../../shared/loopback-host';

/** Parses and normalises; throws 'validation' with a person-readable message. */
export function checkBaseUrl(raw: string): BaseUrlCheck {
  const text = raw.trim();
  if (text.length === 0) throw invalid('Enter the API base URL, e.g. https://api.example.com');
  if (text.length > 2000) throw invalid('The base URL is too long (at most 2000 characters).');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('The base URL is not a valid URL; it should look like https://api.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid('The base URL must start with https:// (or http:// for a local server).');
  if (url.username !== '' || url.password !== '')
    throw invalid('The base URL must not contain a user name or password: the API key is sent in a header.');
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
    throw invalid('The base URL must not contain a query ("?") or fragment ("#").');
  }
  if (url.hostname === '') throw invalid('The base URL needs a host name.');
  const path = url.pathname.replace(/\/+$/, '');
  const baseUrl = `${url.origin}${path}`;
  const insecure = url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  return { baseUrl, insecure, origin: url.origin };
}

export const INSECURE_HTTP_MESSAGE =
  'This base URL uses plain http to a host that is not this computer: the API key would cross the network unencrypted. Use ' +
  'https, or confirm that you accept the risk.';

export function insecureHttpError(): CrmError {
  return new CrmError('validation', INSECURE_HTTP_MESSAGE, {
    details: [{ field: 'confirmInsecure', message: 'plain http to a remote host needs confirmation' }],
  });
}
