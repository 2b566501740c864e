// Where an API document may be fetched from: https from anywhere, plain http only from this
// computer (loopback). What a document teaches decides where requests and keys go, and one read
// in clear from the network (the LAN, a cloud's metadata address, the internet) could be altered
// on the way. The window and the command line both apply this before any request is made. Pure.
import { isLoopbackHost } from '../../profiles/base-url';
import { SpecError } from './spec-error';

export function checkedSpecUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new SpecError('The address is not a URL; it should look like https://api.example.com/openapi.json');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url;
  throw new SpecError(
    url.protocol === 'http:'
      ? `A document is read over https (plain http only from this computer): ${url.host.slice(0, 80)} is not this computer, so ` +
          `nothing was fetched; use its https:// address.`
      : 'A document is read from an https:// address (or http:// on this computer).',
  );
}
