// Telling a body template's special objects apart (api-description.ts): a RoleRef is a slot
// filled at send time, an ExactNumber and a LiteralObject are constants. Every walk over a
// template goes through templateChildren, so a constant's insides are never read as a slot.
// Pure: the window's mapping editor uses it too.
import type { ExactNumber, LiteralObject, RoleRef, Template } from './api-description';

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The only key of an object, or null. */
function soleKey(value: Record<string, unknown>): string | null {
  const keys = Object.keys(value);
  return keys.length === 1 ? (keys[0] ?? null) : null;
}

export function isRoleRef(value: unknown): value is RoleRef {
  return isPlainObject(value) && typeof value.$role === 'string';
}

/** `{ "$number": "<JSON number>" }` and nothing else; any other shape is an ordinary object (an older description's constant). */
export function isExactNumber(value: unknown): value is ExactNumber {
  return (
    isPlainObject(value) &&
    soleKey(value) === '$number' &&
    typeof value.$number === 'string' &&
    value.$number.length <= 1000 &&
    JSON_NUMBER.test(value.$number)
  );
}

/** `{ "$literal": { ... } }` and nothing else. */
export function isLiteralObject(value: unknown): value is LiteralObject {
  return isPlainObject(value) && soleKey(value) === '$literal' && isPlainObject(value.$literal);
}

/** The templates directly inside a node: none for leaves (roles, exact numbers, scalars). */
export function templateChildren(node: Template): Template[] {
  if (node === null || typeof node !== 'object' || isRoleRef(node) || isExactNumber(node)) return [];
  if (Array.isArray(node)) return node;
  if (isLiteralObject(node)) return Object.values(node.$literal);
  return Object.values(node);
}
