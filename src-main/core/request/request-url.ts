// The request's URL: the profile's base URL (checked, never with credentials), the description's
// path with its roles written in, and the query, each part encoded once.
import { DEFAULT_OPERATIONS } from '../api/defaults';
import { ROLE_LABELS } from '../api/roles';
import { renderPath } from '../api/template';
import type { RoleValues } from '../api/template';
import type { DescribedOperation, OperationSpec } from '../api/types';
import { ENDPOINTS, checkEndpointPath, wellFormed } from '../endpoints';
import { memoByText } from '../memo';
import type { Problems } from './problems';

/** base URL (validated, credentials never kept) + path + query built with encodeURIComponent. */
export function joinUrl(
  baseUrl: string,
  path: string,
  query: readonly (readonly [string, string | undefined])[],
  problems: Problems,
): string {
  const { base, problems: baseProblems } = checkedBase(baseUrl);
  for (const [field, message] of baseProblems) problems.field('baseUrl', message, field);
  let search = '';
  for (const [name, value] of query) {
    if (value === undefined) continue;
    search += `${search === '' ? '?' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(wellFormed(value))}`;
  }
  return `${base}${path}${search}`;
}

/** The description's path with its roles written in, or docs/API.md's when it is unusable (reported). */
export function checkedPath(spec: OperationSpec, id: DescribedOperation, values: RoleValues, problems: Problems): string {
  const { path, missing } = renderPath(spec, values);
  for (const role of missing)
    problems.sentence('api', `The API path of ${ENDPOINTS[id].label} needs the ${ROLE_LABELS[role]}, which this send does not have`);
  const reason = checkEndpointPath(id, path);
  if (reason === null) return path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/g, (c) => encodeURIComponent(wellFormed(c)));
  problems.sentence('api', `The API path of ${ENDPOINTS[id].label} ${reason}`);
  return DEFAULT_OPERATIONS[id].path;
}

/** The base URL as requests use it, and what is wrong with it; the same few per profile, so remembered. */
const checkedBase = memoByText((baseUrl: string): { base: string; problems: [label: string, message: string][] } => {
  const problems: [string, string][] = [];
  let base = baseUrl.trim().replace(/\/+$/, '');
  const parsed = parseUrl(base);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    problems.push(['Base URL', 'must be an http:// or https:// URL']);
  } else {
    if (parsed.username !== '' || parsed.password !== '') problems.push(['Base URL', 'must not contain a user name or password']);
    if (parsed.search !== '' || parsed.hash !== '') problems.push(['Base URL', 'must not contain a query or fragment']);
    base = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  }
  return { base, problems };
});

export function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** What describedPath needs of a compiled description (compiled-spec.ts), named here so neither file imports the other. */
export interface FixedPaths {
  /** the checked path and its problems when no role is written into it; null when one is */
  fixedPath(op: DescribedOperation): { path: string; problems: readonly string[] } | null;
}

/** The checked path: worked out once per description when no role is written into it. */
export function describedPath(
  compiled: FixedPaths | null,
  spec: OperationSpec,
  op: DescribedOperation,
  values: RoleValues,
  problems: Problems,
): string {
  const fixed = compiled?.fixedPath(op) ?? null;
  if (fixed === null) return checkedPath(spec, op, values, problems);
  for (const sentence of fixed.problems) problems.sentence('api', sentence);
  return fixed.path;
}
