// The ways real playgrounds write a cURL, one per dialect, so the console's cURL import meets
// each: a one-liner with -X/-H/-d (default), Postman's --location --request ... --data-raw with
// pretty JSON (cloud), readme.io's --request/--url/--header lines with a double-quoted body
// (desk); Twilio's and Evolution's live in vendor-curl-styles.ts. Pure.
import { doubleQuoted, shellWord, singleQuoted } from './shell-quote';

export type Header = readonly [name: string, value: string];

export interface CurlRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: readonly Header[];
  /** the JSON body (or form fields when `form`), null for a GET */
  body: Record<string, unknown> | null;
  form?: boolean;
  /** `user:password` for HTTP Basic (curl -u) */
  user?: string;
  /** a multipart/form-data body (cURL -F / --form fields) instead of JSON; only the meta and wati styles write one */
  multipart?: readonly (readonly [name: string, value: string])[];
}

export interface CurlStyle {
  /**
   * The headers this style's playground sends, in its order and spelling; `credential` is the
   * key header's value (`Bearer YOUR_API_KEY`, or the bare placeholder for a header of its own).
   */
  headers(credential: string, hasBody: boolean): Header[];
  render(request: CurlRequest): string;
}

const CONTINUE = ' \\\n';

/** `{"a": "x", "b": [1, 2]}`: JSON on one line with a space after each colon and comma. */
export function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([name, item]) => `${JSON.stringify(name)}: ${inlineJson(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

export const ONE_LINE_CURL: CurlStyle = {
  headers: (authorization, hasBody) => [
    ...(hasBody ? [['Content-Type', 'application/json'] as const] : []),
    ['Authorization', authorization],
  ],
  render: ({ method, url, headers, body }) =>
    [
      'curl -X',
      method,
      singleQuoted(url),
      ...headers.map(([name, value]) => `-H ${singleQuoted(`${name}: ${value}`)}`),
      ...(body ? [`-d ${singleQuoted(JSON.stringify(body))}`] : []),
    ].join(' '),
};

export const POSTMAN_CURL: CurlStyle = {
  headers: (authorization, hasBody) => [
    ['Authorization', authorization],
    ...(hasBody ? [['Content-Type', 'application/json'] as const] : []),
  ],
  render: ({ method, url, headers, body }) =>
    [
      `curl --location --request ${method} ${singleQuoted(url)}`,
      ...headers.map(([name, value]) => `--header ${singleQuoted(`${name}: ${value}`)}`),
      ...(body ? [`--data-raw ${singleQuoted(JSON.stringify(body, null, 4))}`] : []),
    ].join(CONTINUE),
};

const README_INDENT = '     ';

export const README_CURL: CurlStyle = {
  headers: (authorization, hasBody) => [
    ['accept', 'application/json'],
    ['authorization', authorization],
    ...(hasBody ? [['content-type', 'application/json'] as const] : []),
  ],
  render: ({ method, url, headers, body }) =>
    [
      `curl --request ${method}`,
      `${README_INDENT}--url ${shellWord(url, doubleQuoted)}`,
      ...headers.map(([name, value]) => `${README_INDENT}--header ${doubleQuoted(`${name}: ${value}`)}`),
      ...(body ? [`${README_INDENT}--data ${doubleQuoted(inlineJson(body))}`] : []),
    ].join(CONTINUE),
};
