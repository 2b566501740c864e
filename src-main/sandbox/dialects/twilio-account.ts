// The twilio dialect's account: HTTP Basic with an Account SID (`AC` + 32 hex) as the username
// and the sandbox API key as the password (Twilio's Auth Token). Any SID of that form is an
// account here, as long as the path names the same one; the playground shows SANDBOX_ACCOUNT_SID.
// GET /2010-04-01/Accounts/{AccountSid}.json answers the account: the "does this key work" call.
import type { CredentialPlacement } from '../auth';
import type { KeyRecord } from '../keys';
import { json } from '../reply';
import type { Route } from '../router';
import { SMALL_BODY_LIMIT } from '../router';

export const API_VERSION = '2010-04-01';
export const SANDBOX_ACCOUNT_SID = 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9';

export const TWILIO_CREDENTIALS: CredentialPlacement = {
  kind: 'basic',
  username: /^AC[0-9a-fA-F]{32}$/,
  usernameParam: 'AccountSid',
  example: SANDBOX_ACCOUNT_SID,
  realm: 'Twilio API',
};

export function accountUri(accountSid: string): string {
  return `/${API_VERSION}/Accounts/${accountSid}`;
}

/** Twilio's dates: RFC 2822 in GMT, `Thu, 24 Aug 2023 05:01:45 +0000`. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/** Twilio's account resource, without `auth_token`: the sandbox never repeats a key. */
function accountResource(accountSid: string, key: KeyRecord): Record<string, unknown> {
  const base = accountUri(accountSid);
  const created = rfc2822(new Date(key.created_at));
  return {
    date_created: created,
    date_updated: created,
    friendly_name: key.name,
    owner_account_sid: accountSid,
    sid: accountSid,
    status: 'active',
    subresource_uris: { messages: `${base}/Messages.json` },
    type: 'Full',
    uri: `${base}.json`,
  };
}

export const accountRoute: Route = {
  method: 'GET',
  path: `/${API_VERSION}/Accounts/:AccountSid.json`,
  // any valid key may ask which account it is
  permission: 'contacts:read',
  alsoAllows: () => true,
  maxBody: SMALL_BODY_LIMIT,
  json: false,
  idempotent: false,
  handle: ({ params, key }) => json(200, accountResource(params.AccountSid!, key)),
};
