// Quoting for the playground's cURL commands (POSIX shells: bash, zsh, sh).

/** Single quotes take everything literally; a single quote itself is closed, escaped, reopened. */
export function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Inside double quotes only " \ $ and ` are special (the examples carry no "!", which interactive bash would expand). */
export function doubleQuoted(text: string): string {
  return `"${text.replace(/["\\$`]/g, '\\$&')}"`;
}

/** As is when the shell reads it as one plain word, else quoted (a URL with `?` or `&` needs it). */
export function shellWord(text: string, quote: (text: string) => string): string {
  return /^[A-Za-z0-9@%+=:,./_-]+$/.test(text) ? text : quote(text);
}
