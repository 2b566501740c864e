// The playground's tabs for a dialect and a base URL: what a real service's developer area
// shows for each operation (method, endpoint, a ready-to-copy cURL), and what the console
// learns each operation from. Pure.
import type { Dialect, ExampleRequest, PlaygroundTabId } from './dialect';
import { API_KEY_PLACEHOLDER } from './example-values';

export const TAB_TITLES: Readonly<Record<PlaygroundTabId, string>> = {
  contacts: 'List Contacts',
  text: 'Send Text',
  media: 'Send Media',
  audio: 'Send Audio',
  check: 'Check Phone Number',
  image: 'Send Image',
  upload: 'Upload Media',
  template: 'Send Template',
};

export interface PlaygroundTab {
  id: PlaygroundTabId;
  title: string;
  method: 'GET' | 'POST';
  /** the path with the example's query, as shown beside the method */
  endpoint: string;
  /** base URL + endpoint */
  url: string;
  /** the headers the cURL sends, Authorization with YOUR_API_KEY */
  headers: Record<string, string>;
  /** the JSON body, null for a GET */
  body: Record<string, unknown> | null;
  /** only on a multipart upload: its form fields, as cURL's -F writes them */
  multipart?: readonly (readonly [name: string, value: string])[];
  curl: string;
}

function endpointOf(example: ExampleRequest): string {
  const query = new URLSearchParams(example.query?.map(([name, value]): [string, string] => [name, value]) ?? []).toString();
  return query === '' ? example.path : `${example.path}?${query}`;
}

export function buildTabs(dialect: Dialect, baseUrl: string): PlaygroundTab[] {
  const base = baseUrl.replace(/\/+$/, '');
  return dialect.examples.map((example) => {
    const endpoint = endpointOf(example);
    const url = `${base}${endpoint}`;
    const body = example.body ?? null;
    const { multipart } = example;
    const headers = dialect.curlStyle.headers(`Bearer ${API_KEY_PLACEHOLDER}`, body !== null);
    return {
      id: example.id,
      title: TAB_TITLES[example.id],
      method: example.method,
      endpoint,
      url,
      headers: Object.fromEntries(headers),
      body,
      ...(multipart ? { multipart } : {}),
      curl: dialect.curlStyle.render({ method: example.method, url, headers, body, multipart }),
    };
  });
}
