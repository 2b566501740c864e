// The operations an OpenAPI 3 document offers, one candidate per path and method, named
// `POST /{Phone-Number-ID}/messages` as the document writes the path. Pure.
import { deref, isObject } from './openapi-ref';
import type { Json } from './openapi-ref';
import { listServers, serversOf } from './openapi-servers';
import { VisitBudget } from '../spec/spec-budget';
import { SpecError } from '../spec/spec-error';
import type { SpecCandidate } from '../spec/spec-types';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OpenApiOperation {
  candidate: SpecCandidate;
  pathItem: Json;
  operation: Json;
}

/** Refuses what is not an OpenAPI 3 document (Swagger 2 is named, since it looks alike). */
export function checkOpenApi(doc: Json): void {
  if (typeof doc.swagger === 'string')
    throw new SpecError(
      'This is a Swagger 2.0 document; this app reads OpenAPI 3 (convert it first, e.g. with the converter at converter.swagger.io)',
    );
  if (typeof doc.openapi !== 'string' || !/^3\.\d+/.test(doc.openapi))
    throw new SpecError('The document is not OpenAPI 3 (no "openapi: 3.x" at its top)');
}

export function openApiOperations(doc: Json): OpenApiOperation[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const out: OpenApiOperation[] = [];
  const budget = new VisitBudget();
  for (const [path, raw] of Object.entries(paths)) {
    const pathItem = deref(doc, raw, budget).node;
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const upper = method.toUpperCase();
      const summary =
        [operation.summary, operation.operationId, operation.description].find((s): s is string => typeof s === 'string') ?? '';
      const servers = listServers(serversOf(operation.servers, pathItem.servers, doc.servers));
      out.push({
        candidate: { id: `${upper} ${path}`, method: upper, path, summary: summary.split('\n')[0]!.slice(0, 120), servers },
        pathItem,
        operation,
      });
    }
  }
  return out;
}
