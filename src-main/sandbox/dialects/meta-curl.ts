// How Meta's own Cloud API reference writes a cURL, so the console's cURL import meets it:
// `curl 'URL'` with the method left to cURL (-d makes a POST), one `-H '…'` line per header,
// `-d` with pretty JSON, and for an upload `curl -X POST` with `-F` form fields. Pure.
import type { CurlStyle } from './curl-styles';
import { singleQuoted } from './shell-quote';

const CONTINUE = ' \\\n';

export const META_CURL: CurlStyle = {
  headers: (authorization, hasBody) => [
    ['Authorization', authorization],
    ...(hasBody ? [['Content-Type', 'application/json'] as const] : []),
  ],
  render: ({ method, url, headers, body, multipart }) =>
    [
      // cURL picks GET, and POST for -d; -F would be a POST too, but Meta's examples say so
      multipart ? `curl -X ${method} ${singleQuoted(url)}` : `curl ${singleQuoted(url)}`,
      ...headers.map(([name, value]) => `-H ${singleQuoted(`${name}: ${value}`)}`),
      ...(body ? [`-d ${singleQuoted(JSON.stringify(body, null, 2))}`] : []),
      ...(multipart ?? []).map(([name, value]) => `-F ${singleQuoted(`${name}=${value}`)}`),
    ].join(CONTINUE),
};
