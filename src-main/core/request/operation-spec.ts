// Which spec a profile's operation is built from, and whether the service offers it at all. Read by
// the builder and by every service that must know a profile's shape before it asks.
import { DEFAULT_OPERATIONS, DESCRIBED_ONLY, WITH_DEFAULT_TEXT } from '../api/defaults';
import { rolesOf } from '../api/template';
import type { ApiDescription, DescribedOperation, OperationSpec } from '../api/types';
import { checkEndpointPath } from '../endpoints';
import type { EndpointOverrides } from '../model';
import type { Operation } from '../operations';

/** Where and how to ask: a Profile satisfies it. */
export interface RequestTarget {
  /** http(s) origin plus optional path prefix */
  baseUrl: string;
  endpointOverrides: EndpointOverrides;
  /** the profile's API description; absent or null: docs/API.md */
  api?: ApiDescription | null;
  /** the profile's id: carried on the request so the request log can say whose request it was */
  id?: string;
}

/** The spec an operation is built from: the profile's own, else docs/API.md's with its path override. */
export function operationSpec(target: RequestTarget, id: DescribedOperation): OperationSpec {
  const own = target.api?.operations[id];
  if (own !== undefined) return own;
  const fallback = DEFAULT_OPERATIONS[id];
  const override = target.endpointOverrides[id];
  return override !== undefined && checkEndpointPath(id, override) === null ? { ...fallback, path: override } : fallback;
}

/** Whether the service offers the operation at all (a description may record that it does not). */
export function isOffered(target: RequestTarget, id: DescribedOperation): boolean {
  if (DESCRIBED_ONLY.has(id)) return target.api?.operations[id] !== undefined;
  if (WITH_DEFAULT_TEXT.has(id) && target.api?.operations[id] === undefined && target.api?.operations['messages.text'] !== undefined)
    return false;
  return target.api?.absent?.includes(id) !== true;
}

/**
 * A send whose local file goes up first (the service's upload operation answers an id, and the
 * send carries that id: Meta's /media then `{"image":{"id"}}`), because its description has no
 * field for the file's bytes but one for an uploaded id.
 */
export function needsUpload(op: Operation, target: RequestTarget): boolean {
  if ((op.op !== 'messages.media' && op.op !== 'messages.audio') || op.input.source.kind !== 'file') return false;
  const spec = operationSpec(target, op.op);
  const roles = rolesOf(spec);
  const kind = op.op === 'messages.media' ? 'media' : 'audio';
  return !roles.has(kind) && !roles.has(`${kind}_base64`) && roles.has('media_id') && isOffered(target, 'media.upload');
}
