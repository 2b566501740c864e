// How Wati's API reference (a readme.io site) writes a cURL, so the console's cURL import meets
// it: `curl --request POST \`, then five-space-indented `--url`, `--header '…'` lines (the key
// first, then `accept: */*`) and, for a file, `--form file=@<path>`; never a JSON body, since
// Wati's session sends carry their words in the URL. Pure.
import type { CurlStyle } from './curl-styles';
import { shellWord, singleQuoted } from './shell-quote';

const CONTINUE = ' \\\n';
const INDENT = '     ';

export const WATI_CURL: CurlStyle = {
  headers: (authorization) => [
    ['Authorization', authorization],
    ['accept', '*/*'],
  ],
  render: ({ method, url, headers, multipart }) =>
    [
      `curl --request ${method}`,
      `${INDENT}--url ${shellWord(url, singleQuoted)}`,
      ...headers.map(([name, value]) => `${INDENT}--header ${singleQuoted(`${name}: ${value}`)}`),
      ...(multipart ?? []).map(([name, value]) => `${INDENT}--form ${shellWord(`${name}=${value}`, singleQuoted)}`),
    ].join(CONTINUE),
};
