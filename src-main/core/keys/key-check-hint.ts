// Where a service that answers no contacts listing can be asked, harmlessly, whether a key works:
// the account (or phone number) its own send names. Learned sends name it in the path, before
// the messages collection: Twilio's `/2010-04-01/Accounts/{AccountSid}/Messages.json` has its
// account at `/2010-04-01/Accounts/{AccountSid}.json`, Meta's `/v23.0/{phone-number-id}/messages`
// its phone number at `/v23.0/{phone-number-id}`. Only a suggestion for the person to confirm:
// nothing is sent to it until it is learned as the profile's Check key request. Pure.

/** The GET path one level above a send's messages collection, or null when the path names none. */
export function accountPathOf(sendPath: string): string | null {
  const segments = sendPath.split('?')[0]!.split('/');
  const last = segments.pop() ?? '';
  const collection = /^messages?(\.[a-z]+)?$/i.exec(last);
  // a path whose parent holds a role (`{number}`) names a contact, not the account
  if (collection === null || segments.length < 2 || segments.some((s) => s.includes('{'))) return null;
  const parent = segments.join('/');
  return parent === '' ? null : `${parent}${collection[1] ?? ''}`;
}
