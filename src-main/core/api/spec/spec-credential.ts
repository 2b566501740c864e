// The example request with the key written in, as a playground shows it: the placeholder
// YOUR_API_KEY where the scheme puts the key (never a value from the document). Used for
// showing the example; what is proposed is read without it and gets the placement directly,
// since a header named by the document need not look like a key to the cURL importer. Pure.
import type { ParsedCurl } from '../curl/curl-parse';
import { querySafe } from '../curl/curl-parse';
import { KEY_PLACEHOLDER } from './spec-types';
import type { SpecCredential } from './spec-types';

export function withKey(request: ParsedCurl, credential: SpecCredential | null): ParsedCurl {
  if (credential === null) return request;
  const placement = credential.placement;
  if (placement === undefined)
    return { ...request, headers: [...request.headers, { name: 'Authorization', value: `Bearer ${KEY_PLACEHOLDER}` }] };
  switch (placement.in) {
    case 'basic':
      return {
        ...request,
        headers: [
          ...request.headers,
          { name: 'Authorization', value: `Basic ${Buffer.from(`${placement.username}:${KEY_PLACEHOLDER}`).toString('base64')}` },
        ],
      };
    case 'header':
      return {
        ...request,
        headers: [
          ...request.headers,
          { name: placement.name, value: placement.scheme === '' ? KEY_PLACEHOLDER : `${placement.scheme} ${KEY_PLACEHOLDER}` },
        ],
      };
    case 'query': {
      const url = new URL(request.url);
      url.search = `${url.search === '' ? '?' : `${url.search}&`}${querySafe(placement.name)}=${KEY_PLACEHOLDER}`;
      return { ...request, url: url.href };
    }
  }
}
