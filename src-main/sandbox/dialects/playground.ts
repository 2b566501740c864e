// The playground's tabs for a dialect and a base URL: what a real service's developer area
// shows for each operation (method, endpoint, a ready-to-copy cURL), and what the console
// learns each operation from. A dialect whose vendor lacks an operation has no tab for it.
// Pure.
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
  reply: 'Reply to a Message',
  reaction: 'Send Reaction',
  download: 'Retrieve Media URL',
  read: 'Mark as Read',
};

export interface PlaygroundTab {
  id: PlaygroundTabId;
  title: string;
  method: 'GET' | 'POST';
  /** the path with the example's query, as shown beside the method */
  endpoint: string;
  /** base URL + endpoint */
  url: string;
  /** the headers the cURL names, the key's header (if any) with YOUR_API_KEY */
  headers: Record<string, string>;
  /** the JSON body (or the form's fields with `bodyEncoding: 'form'`), null for a GET */
  body: Record<string, unknown> | null;
  /** only for a form body (application/x-www-form-urlencoded) */
  bodyEncoding?: 'form';
  /** only for HTTP Basic: the account id and YOUR_API_KEY as the password */
  basicAuth?: { username: string; password: string };
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
    const placement = dialect.credentials;
    const headers = dialect.curlStyle.headers(
      placement.kind === 'bearer' ? `Bearer ${API_KEY_PLACEHOLDER}` : API_KEY_PLACEHOLDER,
      body !== null,
    );
    const basicAuth = placement.kind === 'basic' ? { username: placement.example, password: API_KEY_PLACEHOLDER } : undefined;
    const form = example.encoding === 'form';
    const { multipart } = example;
    const user = basicAuth && `${basicAuth.username}:${basicAuth.password}`;
    return {
      id: example.id,
      title: TAB_TITLES[example.id],
      method: example.method,
      endpoint,
      url,
      headers: Object.fromEntries(headers),
      body,
      ...(form ? { bodyEncoding: 'form' as const } : {}),
      ...(basicAuth ? { basicAuth } : {}),
      ...(multipart ? { multipart } : {}),
      curl: dialect.curlStyle.render({ method: example.method, url, headers, body, form, user, multipart }),
    };
  });
}
