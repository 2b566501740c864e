// An OpenAPI 3 document (3.0 or 3.1) as a source of operations: the candidates it offers and,
// for one, the example request a playground would show. See spec-import.ts for the entry point
// that reads either kind of document. Pure.
import { openApiRequest } from './openapi-example';
import { checkOpenApi, openApiOperations } from './openapi-operations';
import type { Json } from './openapi-ref';
import type { SpecCandidate, SpecOptions, SpecRequest } from '../spec/spec-types';

export interface OperationSource {
  candidates: SpecCandidate[];
  request(candidate: SpecCandidate, options: SpecOptions): SpecRequest;
}

export function openApiSource(doc: Json): OperationSource {
  checkOpenApi(doc);
  const operations = openApiOperations(doc);
  return sourceOver(operations, (operation, options) => openApiRequest(doc, operation, options));
}

/** a source over a document's entries (operations, collection items), each offered as its candidate */
export function sourceOver<E extends { candidate: SpecCandidate }>(
  entries: readonly E[],
  requestOf: (entry: E, options: SpecOptions) => SpecRequest,
): OperationSource {
  return {
    candidates: entries.map((e) => e.candidate),
    request: (candidate, options) =>
      requestOf(
        entries.find((e) => e.candidate === candidate)!,
        options,
      ),
  };
}
