// The last step of every build: the URL, body and key a rule set produced, as a PreparedRequest
// with the headers each of them implies.
import type { CredentialPlacement } from '../api/types';
import type { HttpMethod, PreparedBody, PreparedRequest } from '../http/prepared-request';
import type { EndpointId } from '../model';
import { bodyContentType } from './request-bodies';
import type { Problem } from './problems';

/** A built request and what would stop it from being sent. */
export interface Prepared {
  request: PreparedRequest;
  problems: Problem[];
}

export function assembleRequest(
  endpoint: EndpointId,
  method: HttpMethod,
  url: string,
  extra: { name: string; value: string }[],
  body: PreparedBody | null,
  idempotencyKey: string | null,
  credential?: CredentialPlacement,
): PreparedRequest {
  const headers: Record<string, string> = { Accept: 'application/json' };
  for (const { name, value } of extra) {
    const lower = name.toLowerCase();
    // the service's own Accept or Content-Type (media-headers.ts) replaces the app's, whatever its case
    if (lower === 'accept') delete headers.Accept;
    if (lower === 'content-type' && body?.kind === 'multipart') continue; // the boundary is the sender's
    headers[name] = value;
  }
  const ownType = body?.kind !== 'multipart' && extra.some((h) => h.name.toLowerCase() === 'content-type');
  if (body !== null && !ownType) headers['Content-Type'] = bodyContentType(body);
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;
  const request: PreparedRequest = {
    endpoint,
    method,
    url,
    headers,
    body,
    idempotencyKey,
    retrySafe: method === 'GET' || idempotencyKey !== null,
  };
  if (credential !== undefined) request.credential = credential;
  return request;
}
