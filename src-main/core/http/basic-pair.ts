// HTTP Basic's user:password for a profile's key. Services like Twilio hand out a pair (an
// Account SID and its Auth Token, or an API key SID and its secret), and people paste the pair
// as one key: a key written USER:SECRET carries its own user, which wins over the user learned
// from the service's example; a key without a colon is the password of the learned user. Pure.

/** The `user:password` text that Basic encodes for `key`. */
export function basicPair(learnedUser: string, key: string): string {
  return keyUser(key) === null ? `${learnedUser}:${key}` : key;
}

/** The user a key written USER:SECRET carries, or null (no colon, or nothing before it). */
export function keyUser(key: string): string | null {
  const colon = key.indexOf(':');
  return colon > 0 ? key.slice(0, colon) : null;
}

/** The key as the request log may show it: its own user kept readable (an account id), the secret as `mask`. */
export function maskedKey(key: string, mask: string): string {
  const user = keyUser(key);
  return user === null ? mask : `${user}:${mask}`;
}
