// Error codes of the big WhatsApp providers that a person can act on once told, in plain words,
// what they mean: the service's own text ("Re-engagement message", "(#4) Application request
// limit reached") names the rule but not what to do about it. Kept apart as a table so adding a
// code is one line and error-reason.ts stays about shapes. Each code counts only with the
// provider whose body it came in: a bare `100` or `4` means something else elsewhere. Pure.

export type Provider = 'meta' | 'twilio';

const OUTSIDE_WINDOW =
  "The contact is outside WhatsApp's 24-hour customer-service window: only an approved template message can be sent until they write to this number again.";

const HINTS: Record<Provider, Record<string, string>> = {
  // WhatsApp Cloud API (Graph API error codes)
  meta: {
    '131047': OUTSIDE_WINDOW,
    '131026':
      'The message could not be delivered: the number may not be on WhatsApp, or its owner cannot receive messages from this business yet.',
    '190': "The access token has expired or is not valid: create a new one and save it as this profile's key.",
    '131056': 'Too many messages to this same number in a short time: wait a moment before sending to it again.',
    '130429': "The phone number's message throughput limit was reached: slow down and retry later.",
    '80007': "The WhatsApp Business Account's rate limit was reached: retry later.",
    '4': "The app's API call limit was reached: wait a while and retry.",
    '100':
      "A parameter of the request is missing or not valid: compare the one it names with this profile's request template (Profiles → API).",
  },
  twilio: {
    '63016': OUTSIDE_WINDOW,
  },
};

/** What a known code means and what to do, or null. */
export function knownCodeHint(provider: Provider | null, code: string | null): string | null {
  if (provider === null || code === null) return null;
  return HINTS[provider][code] ?? null;
}
