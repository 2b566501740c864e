// What `crm` writes reaches a terminal, and much of it comes from a server, a pasted example or
// the shared database: a message id, a key name, an error reason. A terminal obeys control
// characters in that text (ESC and C1 sequences move the cursor, rewrite the screen, or with
// OSC 52 write the clipboard), and bidi controls make a line read differently from what it is.
// Every command's output goes through here once, at the writer, so no command can forget.

// C0 except \t and \n, DEL, C1, and the bidi controls (LRM, RLM, ALM, embeddings, overrides, isolates)
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// JSON.stringify already escapes C0; it leaves DEL, C1 and the bidi controls raw
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const hex = (ch: string, digits: number): string => ch.charCodeAt(0).toString(16).padStart(digits, '0');

/** Text for a person: each unsafe character shown as an escape (`\x1b`, `\u009b`, `\u202e`); lines and tabs kept. */
export function visibleText(text: string): string {
  return text.replace(UNSAFE_TEXT, (ch) => (ch < '\u0080' ? `\\x${hex(ch, 2)}` : `\\u${hex(ch, 4)}`));
}

/**
 * A JSON document as JSON.stringify wrote it, with the unsafe characters it left raw written as
 * JSON escapes. Outside strings JSON has only ASCII punctuation, digits, literals and white
 * space, so every such character is inside a string, where `\uXXXX` means the same character:
 * the document parses to the same value.
 */
export function visibleJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (ch) => `\\u${hex(ch, 4)}`);
}
