// The cURL styles of two vendors' own docs, so the console's cURL import meets them too:
// Twilio's (`curl -X POST "…" \` then one `--data-urlencode "Name=value"` line per form field and
// `-u <account sid>:<token>` last, lines not indented) and Evolution API's Mintlify reference
// (`curl --request POST \`, two-space `--url`, `--header '…'` lines, `--data '…'` with JSON
// pretty-printed by two spaces). Pure.
import type { CurlStyle } from './curl-styles';
import { doubleQuoted, shellWord, singleQuoted } from './shell-quote';

const CONTINUE = ' \\\n';

/** Form values in the order given; an array is the same name repeated (several MediaUrl). */
function formFields(body: Record<string, unknown>): [string, string][] {
  return Object.entries(body).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item): [string, string] => [name, String(item)]),
  );
}

export const TWILIO_CURL: CurlStyle = {
  // curl sets Content-Type for --data-urlencode and Authorization for -u: nothing to name
  headers: () => [],
  render: ({ method, url, headers, body, form, user }) =>
    [
      `curl -X ${method} ${doubleQuoted(url)}`,
      ...headers.map(([name, value]) => `-H ${doubleQuoted(`${name}: ${value}`)}`),
      ...(body && form ? formFields(body).map(([name, value]) => `--data-urlencode ${doubleQuoted(`${name}=${value}`)}`) : []),
      ...(body && !form ? [`-d ${singleQuoted(JSON.stringify(body))}`] : []),
      ...(user ? [`-u ${shellWord(user, doubleQuoted)}`] : []),
    ].join(CONTINUE),
};

const MINTLIFY_INDENT = '  ';

export const MINTLIFY_CURL: CurlStyle = {
  headers: (credential, hasBody) => [...(hasBody ? [['Content-Type', 'application/json'] as const] : []), ['apikey', credential]],
  render: ({ method, url, headers, body }) =>
    [
      `curl --request ${method}`,
      `${MINTLIFY_INDENT}--url ${shellWord(url, singleQuoted)}`,
      ...headers.map(([name, value]) => `${MINTLIFY_INDENT}--header ${singleQuoted(`${name}: ${value}`)}`),
      ...(body ? [`${MINTLIFY_INDENT}--data ${singleQuoted(JSON.stringify(body, null, 2))}`] : []),
    ].join(CONTINUE),
};
