// Numbers a JS number cannot hold digit for digit (12345678901234567890, 1234567890123456789e1,
// 0.10000000000000000001, and forms like 1.0 or -0 that JSON.stringify would rewrite) travel
// as their text, from the pasted example to the body the app sends. JsonNumberText carries
// that text through parsing and rendering; stringifyJson writes it back as a bare number.
import { randomUUID } from 'node:crypto';

/** A JSON number kept as written. */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function isJsonNumberText(text: string): boolean {
  return text.length <= 1000 && JSON_NUMBER.test(text);
}

/** Whether JSON.stringify(JSON.parse(text)) gives `text` back, so a plain number keeps it. */
export function isCanonicalNumber(text: string): boolean {
  return JSON.stringify(Number(text)) === text;
}

/**
 * JSON.stringify (with an optional replacer), except that every JsonNumberText is written as
 * its own digits. Each one is stringified as a random placeholder string, then the quoted
 * placeholder is swapped for the digits, so everything else keeps JSON.stringify's output.
 */
export function stringifyJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  const texts: string[] = [];
  const token = `crm-number-${randomUUID()}-`;
  const json = JSON.stringify(value, (key: string, raw: unknown) => {
    const replaced = replacer === undefined ? raw : replacer(key, raw);
    if (!(replaced instanceof JsonNumberText)) return replaced;
    texts.push(replaced.text);
    return `${token}${texts.length - 1}`;
  }) as string | undefined;
  if (json === undefined) return 'null';
  if (texts.length === 0) return json;
  return json.replace(new RegExp(`"${token}(\\d+)"`, 'g'), (_match, index: string) => texts[Number(index)] ?? 'null');
}
