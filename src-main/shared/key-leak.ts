// A saved key's value seen where it must not be, as main tells the window and `crm` tells the
// terminal: the key is named by its name and last four characters, never by its value. The
// sentences live here so the window, the command line and the refusal of a send say the same.

export type LeakPlace =
  /** a reply a contact sent to the business's number held it */
  | { kind: 'reply'; number: string | null }
  /** "Copy cURL with key" put it in the clipboard (and so in any clipboard history) */
  | { kind: 'clipboard' }
  /** the service answered a request with the key it was sent in it */
  | { kind: 'echo'; host: string };

export interface KeyLeak {
  keyId: string;
  keyName: string;
  /** the key's last four characters */
  last4: string;
  /** the key's profile */
  profileId: string;
  where: LeakPlace;
  /** ISO time it was seen */
  at: string;
}

function keyLabel(name: string, last4: string): string {
  return `"${name}" …${last4}`;
}

/** why a send was refused: the text to send holds the key */
export function sendRefusal(name: string, last4: string): string {
  return `This text contains the key ${keyLabel(name, last4)}; it was not sent. Remove it, and roll the key if it was shared elsewhere.`;
}

/** one sentence for a leak notice */
export function leakSentence(leak: Pick<KeyLeak, 'keyName' | 'last4' | 'where'>): string {
  const key = keyLabel(leak.keyName, leak.last4);
  switch (leak.where.kind) {
    case 'reply':
      return (
        `A reply${leak.where.number === null ? '' : ` from ${leak.where.number}`} contains the key ${key}: anyone who saw ` +
        `that message has it. Roll the key.`
      );
    case 'clipboard':
      return `The key ${key} is now in the clipboard, and in clipboard history where the system keeps one. Roll the key if that copy may have been seen.`;
    case 'echo':
      return `The service at ${leak.where.host} echoed the key ${key} in its answer: it may keep or show it elsewhere. Roll the key.`;
  }
}
