// Filling an operation's template: role leaves take the operation's values, constants stay as
// given, and a role with no value leaves its field out (an optional caption, the cursor of a
// first page). An exact number renders as a JsonNumberText, which stringifyJson (json-text.ts)
// writes digit for digit; a literal object renders as its keys. A list role (a template's
// parameters) is written where its slot sits in a list: that list item repeats once per value
// (`[{"type":"text","text":<param>}]` -> one object per parameter), none when the list is empty. Pure.
import { KIND_KEY } from '../../shared/media-kinds';
import { isExactNumber, isLiteralObject, isRoleRef, templateChildren } from '../../shared/template-leaves';
import { writeJsonObjectParams } from '../../shared/json-object-params';
import { JsonNumberText } from './json/json-text';
import type { OperationSpec, Role, RoleRef, Template } from './types';

export { isRoleRef } from '../../shared/template-leaves';

/** a whole JSON object a role stands for (a template submission's body), written where its slot is */
export type RoleObject = Readonly<Record<string, unknown>>;

export type RoleValues = Partial<Record<Role, string | number | readonly string[] | RoleObject>>;

/** Roles whose value is a list, each item filling one copy of the list item that holds the slot. */
const LIST_ROLES: ReadonlySet<Role> = new Set<Role>(['template_param']);

const OMIT = Symbol('omit');

/**
 * Roles whose object goes with them: an object holding nothing but such slots, none of them
 * filled, is left out too (Meta's `"context": {"message_id"}` when the text quotes nothing: an
 * empty context would be refused). Other objects stay, even emptied (`{"where": {}}`).
 */
export const DROPPED_WITH_OBJECT: ReadonlySet<Role> = new Set<Role>(['quoted_id']);

/** whether every field of the object is a slot of a role in DROPPED_WITH_OBJECT */
export function onlyDroppable(fields: readonly Template[]): boolean {
  return fields.length > 0 && fields.every((child) => isRoleRef(child) && DROPPED_WITH_OBJECT.has(child.$role));
}

/** The role's value as the service writes it, or undefined when there is none. */
export function roleText(ref: RoleRef, values: RoleValues): string | number | undefined {
  const value = values[ref.$role];
  // a list written in one field as a JSON object's text (Twilio's ContentVariables)
  if (ref.form === 'json-object-string') return Array.isArray(value) ? writeJsonObjectParams(value) : undefined;
  // a list is written item by item where a list holds its slot (render); anywhere else it has no one text
  if (value === undefined || typeof value === 'object') return undefined;
  if (typeof value === 'number' && !ref.prefix && !ref.suffix) return value;
  return `${ref.prefix ?? ''}${value}${ref.suffix ?? ''}`;
}

/** the object the role stands for as it is (a list role's list is not one) */
function roleObject(ref: RoleRef, values: RoleValues): RoleObject | undefined {
  const value = values[ref.$role];
  return typeof value === 'object' && !Array.isArray(value) ? (value as RoleObject) : undefined;
}

export function renderTemplate(template: Template, values: RoleValues): unknown {
  const out = render(template, values);
  return out === OMIT ? null : out;
}

function render(node: Template, values: RoleValues): unknown {
  if (isExactNumber(node)) return new JsonNumberText(node.$number);
  if (isRoleRef(node)) return roleObject(node, values) ?? roleText(node, values) ?? OMIT;
  if (Array.isArray(node)) return node.flatMap((item) => repeated(item, values)).filter((item) => item !== OMIT);
  if (typeof node === 'object' && node !== null) {
    const literal = isLiteralObject(node);
    const out: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(literal ? node.$literal : node)) {
      // the kind key is written as the chosen kind (`"document": {...}`); without one it is left out
      const key = !literal && name === KIND_KEY ? values.mediatype : name;
      if (key === undefined) continue;
      const value = render(child, values);
      if (value !== OMIT) out[String(key)] = value;
    }
    if (!literal && Object.keys(out).length === 0 && onlyDroppable(Object.values(node))) return OMIT;
    return out;
  }
  return node;
}

/** A list item rendered once, or once per value of the list role it holds. */
function repeated(item: Template, values: RoleValues): unknown[] {
  const role = listRoleIn(item);
  if (role === null) return [render(item, values)];
  const list = values[role];
  const items = Array.isArray(list) ? (list as readonly string[]) : [];
  return items.map((value) => render(item, { ...values, [role]: value }));
}

/** The list role in an item, not looking into lists inside it: the innermost list holding the slot repeats. */
function listRoleIn(node: Template): Role | null {
  if (isRoleRef(node)) return LIST_ROLES.has(node.$role) && node.form === undefined ? node.$role : null;
  if (Array.isArray(node)) return null;
  for (const child of templateChildren(node)) {
    const found = listRoleIn(child);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The path with each role placeholder (`{number}`) written as the service wants it, one
 * percent-encoded segment; the roles that had no value are returned, for the caller to report.
 */
export function renderPath(spec: OperationSpec, values: RoleValues): { path: string; missing: Role[] } {
  const missing: Role[] = [];
  let path = spec.path;
  for (const ref of spec.pathRoles ?? []) {
    const text = roleText(ref, values);
    if (text === undefined) missing.push(ref.$role);
    path = path.split(`{${ref.$role}}`).join(encodeURIComponent(String(text ?? '')));
  }
  return { path, missing };
}

/** Query pairs in order; a role without a value is left out. */
export function renderQuery(spec: OperationSpec, values: RoleValues): [string, string][] {
  const pairs: [string, string][] = [];
  for (const param of spec.query) {
    const value = typeof param.value === 'string' ? param.value : roleText(param.value, values);
    if (value !== undefined) pairs.push([param.name, String(value)]);
  }
  return pairs;
}

const rolesCache = new WeakMap<OperationSpec, ReadonlySet<Role>>();

/** Every role the spec uses, in the query and the body (remembered per spec object; specs are not mutated). */
export function rolesOf(spec: OperationSpec): ReadonlySet<Role> {
  let roles = rolesCache.get(spec);
  if (roles === undefined) {
    roles = collectRoles(spec);
    rolesCache.set(spec, roles);
  }
  return roles;
}

function collectRoles(spec: OperationSpec): Set<Role> {
  const found = new Set<Role>((spec.pathRoles ?? []).map((r) => r.$role));
  for (const param of spec.query) if (typeof param.value !== 'string') found.add(param.value.$role);
  const walk = (node: Template): void => {
    if (isRoleRef(node)) found.add(node.$role);
    else templateChildren(node).forEach(walk);
  };
  if (spec.body !== null) walk(spec.body);
  return found;
}
