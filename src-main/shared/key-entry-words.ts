// What to type as a profile's key, by where its requests carry it: for HTTP Basic the service's
// pair (Twilio's Account SID:Auth Token, or an API key SID:secret), whose user then replaces the
// one learned from the example (core/http/basic-pair.ts); for a header or a query parameter the
// bare token. The window's add-key form and `crm keys add` say it the same way. Pure.
import type { CredentialPlacement } from './api-description';
import { describeCredential } from './credential-words';

export function keyEntryHint(placement: CredentialPlacement | undefined): string {
  if (placement?.in === 'basic') {
    return (
      'Enter USER:SECRET, e.g. Account SID:Auth Token, or API key SID:secret. ' +
      `A key without ":" is sent as the password of ${placement.username}.`
    );
  }
  return `Enter the bare token, without a scheme word or quotes; it goes as ${describeCredential(placement)}.`;
}

/** The short form a terminal prompt has room for. */
export function keyEntryPrompt(placement: CredentialPlacement | undefined): string {
  return placement?.in === 'basic' ? 'Account SID:Auth Token, or API key SID:secret' : 'the bare token';
}

/** Before the placement is known (a profile made from a cURL not read yet): both forms. */
export const KEY_ENTRY_EITHER = 'For HTTP Basic (curl -u) enter USER:SECRET, e.g. Account SID:Auth Token; otherwise the bare token.';
