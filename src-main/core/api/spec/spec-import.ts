// Importing a whole API at once: an OpenAPI 3 document (JSON or YAML) or a Postman collection
// -> the operations it offers (`--list`), and for a chosen one the example request and the
// proposal proposeOperation makes of it, as for a pasted cURL. Reading the file or URL is
// spec-source.ts's (the one effect); everything here is pure.
import type { ParsedCurl } from '../curl/curl-parse';
import { openApiSource, sourceOver } from '../openapi/openapi-import';
import type { OperationSource } from '../openapi/openapi-import';
import { isObject } from '../openapi/openapi-ref';
import { isPostmanCollection, postmanItems, postmanRequest } from '../postman/postman-import';
import { withKey } from './spec-credential';
import { SpecError } from './spec-error';
import { proposeSpecRequest } from './spec-propose';
import { parseSpecText } from './spec-read';
import type { SpecCandidate, SpecKind, SpecOptions, SpecProposal, SpecProposeOptions } from './spec-types';
import type { DescribedOperation } from '../types';

export { SpecError } from './spec-error';
export type { SpecCandidate, SpecKind, SpecOptions, SpecProposal, SpecProposeOptions } from './spec-types';

export interface ApiSpec extends OperationSource {
  kind: SpecKind;
  title: string;
}

export function readApiSpec(text: string): ApiSpec {
  const doc = parseSpecText(text) as Record<string, unknown>;
  const title =
    isObject(doc.info) && typeof doc.info.title === 'string'
      ? doc.info.title
      : isObject(doc.info) && typeof doc.info.name === 'string'
        ? doc.info.name
        : '';
  if (typeof doc.openapi === 'string' || typeof doc.swagger === 'string') return { kind: 'openapi', title, ...openApiSource(doc) };
  if (isPostmanCollection(doc)) {
    return { kind: 'postman', title, ...sourceOver(postmanItems(doc), (item, options) => postmanRequest(doc, item, options)) };
  }
  throw new SpecError('The document is neither an OpenAPI 3 description (openapi: 3.x) nor a Postman collection (info and item)');
}

/**
 * The candidate a person names: its id exactly or in any letter case and spacing, else the one
 * `METHOD /path` or summary that matches a single candidate.
 */
export function findCandidate(spec: ApiSpec, ref: string): SpecCandidate {
  const tidy = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const wanted = tidy(ref);
  const exact = spec.candidates.find((c) => c.id === ref) ?? spec.candidates.find((c) => tidy(c.id) === wanted);
  if (exact !== undefined) return exact;
  for (const key of [(c: SpecCandidate) => `${c.method} ${c.path}`, (c: SpecCandidate) => c.summary]) {
    const matching = spec.candidates.filter((c) => tidy(key(c)) === wanted);
    if (matching.length === 1) return matching[0]!;
    if (matching.length > 1)
      throw new SpecError(
        `"${ref.slice(0, 80)}" names ${matching.length} operations of the document (${matching
          .map((c) => c.id)
          .join('; ')
          .slice(0, 200)}); name one by its id`,
      );
  }
  throw new SpecError(`The document has no operation "${ref.slice(0, 80)}"; list them with --list`);
}

/** The request a playground would show for the candidate, the key as the YOUR_API_KEY placeholder. */
export function specExample(spec: ApiSpec, ref: string, options: SpecOptions = {}): ParsedCurl {
  const example = spec.request(findCandidate(spec, ref), options);
  return withKey(example.request, example.credential);
}

export function proposeFromSpec(spec: ApiSpec, ref: string, operation: DescribedOperation, options: SpecProposeOptions = {}): SpecProposal {
  const candidate = findCandidate(spec, ref);
  const keep = options.keep ?? options.fixes?.constant ?? [];
  return proposeSpecRequest(candidate, spec.request(candidate, { ...options, operation, keep }), operation, options);
}
