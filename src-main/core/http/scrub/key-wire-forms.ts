// The spellings of a key on the wire besides the key itself, which a server may echo back and
// which hold no run of the key's own characters: HTTP Basic sends `Basic base64(account:key)`
// (credential.ts). Where the key's bytes fall in base64's 3-byte groups depends on the length
// of what precedes them, so from the first whole group on, base64(anything + key) is one of
// three texts: the base64 of the key with 0, 1 or 2 of its first bytes dropped. Each is also
// kept in base64url (`-` and `_`, no padding), the form a server re-encoding it for a URL uses.
// The scrubbers cut runs of these as they cut runs of the key (secret-windows.ts), so an echo
// of the Basic value, its base64 alone, split or escaped, loses what it carried. Pure.

export function keyWireForms(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const forms: string[] = [];
  for (let drop = 0; drop < 3 && drop < bytes.length; drop += 1) {
    const base64 = bytes.subarray(drop).toString('base64');
    forms.push(base64);
    const url = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    if (url !== base64) forms.push(url);
  }
  return forms;
}
