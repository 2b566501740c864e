// Where a profile's service offers its message events besides webhooks, from its API
// description (docs/API.md's routes unless it says otherwise), and the requests that read them. The
// key goes where the description's events part says, else where the profile's own Send Text
// puts it, so a service that takes `apikey:` or `?token=` is asked the same way here. Pure.
import { DEFAULT_EVENT_ROUTES } from '../api/defaults';
import { wellFormed } from '../endpoints';
import type { PreparedRequest } from '../http/prepared-request';
import { operationSpec, type RequestTarget } from '../request/operation-spec';
import type { CredentialPlacement } from '../../shared/api-description';

export interface EventChannels {
  /** the event stream's absolute URL; null: the service has none (or it is unusable) */
  streamUrl: string | null;
  /** the status route's path with `{id}`; null: none */
  statusPath: string | null;
}

/** the base URL as requests use it: no trailing slash */
function baseOf(target: RequestTarget): string {
  return target.baseUrl.trim().replace(/\/+$/, '');
}

export function eventChannelsOf(target: RequestTarget): EventChannels {
  const described = target.api?.events;
  const stream = described?.stream === undefined ? DEFAULT_EVENT_ROUTES.stream : described.stream;
  const statusPath = described?.statusPath === undefined ? DEFAULT_EVENT_ROUTES.statusPath : described.statusPath;
  return { streamUrl: stream === null ? null : stream.startsWith('/') ? `${baseOf(target)}${stream}` : stream, statusPath };
}

/** where the event routes take the key: as described, else as Send Text (absent: Authorization: Bearer) */
export function credentialOf(target: RequestTarget): CredentialPlacement | undefined {
  return target.api?.events?.credential ?? operationSpec(target, 'messages.text').credential;
}

/** GET <base><statusPath> for one message, its id percent-encoded into the one path segment */
export function statusRequest(target: RequestTarget, statusPath: string, messageId: string): PreparedRequest {
  const path = statusPath.replace('{id}', encodeURIComponent(wellFormed(messageId)));
  const credential = credentialOf(target);
  const request: PreparedRequest = {
    endpoint: 'messages.status',
    method: 'GET',
    url: `${baseOf(target)}${path}`,
    headers: { Accept: 'application/json' },
    body: null,
    idempotencyKey: null,
    retrySafe: true,
  };
  return credential === undefined ? request : { ...request, credential };
}
