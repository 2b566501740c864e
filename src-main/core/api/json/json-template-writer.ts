// A JSON body template compiled once into a writer: the text it gives for any values is, byte
// for byte, `stringifyJson(renderTemplate(template, values))` (template.ts, json-text.ts), but
// a send no longer walks the template, builds an intermediate object or stringifies it again
// with a replacer: constant parts are written once at compile time, and each role slot is
// written with JSON.stringify of its value. Templates whose output order or keys depend on the
// values in ways a writer cannot see ahead (the kind key, `__proto__`) are not compiled: the
// caller renders those as before. Pure.
import { KIND_KEY } from '../../../shared/media-kinds';
import { isExactNumber, isLiteralObject, isRoleRef } from '../../../shared/template-leaves';
import { onlyDroppable, roleText, type RoleValues } from '../template';
import type { Role, Template } from '../types';

/** The body text for the operation's values. */
export type JsonWriter = (values: RoleValues) => string;

/** A node's JSON text, or undefined where renderTemplate leaves the node out (a role without a value). */
type NodeWriter = (values: RoleValues) => string | undefined;

/** Roles whose value is a list: the list item holding the slot repeats once per value (template.ts). */
const LIST_ROLES: ReadonlySet<Role> = new Set<Role>(['template_param']);

/** A writer for the template, or null when it must be rendered the general way. */
export function compileJsonTemplate(template: Template): JsonWriter | null {
  if (!compilable(template)) return null;
  const write = compileNode(template);
  return (values) => write(values) ?? 'null';
}

/** Whether every object key is written as given, in the template's own order. */
function compilable(node: Template): boolean {
  if (isRoleRef(node) || isExactNumber(node) || node === null || typeof node !== 'object') return true;
  if (Array.isArray(node)) return node.every(compilable);
  const literal = isLiteralObject(node);
  const entries = Object.entries(literal ? node.$literal : node);
  // the kind key is renamed to the chosen kind at send time, which can move or collide with
  // another key; `__proto__` is not an own key of the rendered object, so it is never written
  return entries.every(([name, child]) => (literal || name !== KIND_KEY) && name !== '__proto__' && compilable(child));
}

function compileNode(node: Template): NodeWriter {
  if (isExactNumber(node)) {
    const text = node.$number;
    return () => text;
  }
  if (isRoleRef(node)) {
    return (values) => {
      const value = values[node.$role];
      // a whole object the role stands for (a template submission) is written as it is
      if (typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
      const text = roleText(node, values);
      return text === undefined ? undefined : JSON.stringify(text);
    };
  }
  if (Array.isArray(node)) return compileArray(node);
  if (typeof node === 'object' && node !== null)
    return isLiteralObject(node) ? compileObject(node.$literal) : compileObject(node, onlyDroppable(Object.values(node)));
  const text = JSON.stringify(node);
  return () => text;
}

/** `droppable`: the object is left out when none of its slots is filled (template.ts, DROPPED_WITH_OBJECT) */
function compileObject(fields: { [name: string]: Template }, droppable = false): NodeWriter {
  const parts = Object.entries(fields).map(([name, child]) => ({
    key: `${JSON.stringify(name)}:`,
    write: compileNode(child),
    constant: constantText(child),
  }));
  if (parts.every((p) => p.constant !== null)) {
    const text = `{${parts.map((p) => `${p.key}${p.constant}`).join(',')}}`;
    return () => text;
  }
  return (values) => {
    let out = '';
    for (const { key, write } of parts) {
      const text = write(values);
      if (text === undefined) continue;
      out += out === '' ? key + text : `,${key}${text}`;
    }
    if (out === '' && droppable) return undefined;
    return `{${out}}`;
  };
}

function compileArray(items: Template[]): NodeWriter {
  const parts = items.map((item) => {
    const listRole = listRoleIn(item);
    const write = compileNode(item);
    if (listRole === null) return { write };
    const role = listRole;
    // the item once per value of its list role, each copy seeing one value (template.ts: repeated)
    const repeat: NodeWriter = (values) => {
      const list = values[role];
      const copies = Array.isArray(list) ? (list as readonly string[]) : [];
      const texts: string[] = [];
      for (const value of copies) {
        const text = write({ ...values, [role]: value });
        if (text !== undefined) texts.push(text);
      }
      return texts.length === 0 ? undefined : texts.join(',');
    };
    return { write: repeat };
  });
  return (values) => {
    const texts: string[] = [];
    for (const { write } of parts) {
      const text = write(values);
      if (text !== undefined) texts.push(text);
    }
    return `[${texts.join(',')}]`;
  };
}

/** The node's text when it has no slot at all, else null. */
function constantText(node: Template): string | null {
  if (isExactNumber(node)) return node.$number;
  if (isRoleRef(node)) return null;
  if (node === null || typeof node !== 'object') return JSON.stringify(node);
  if (Array.isArray(node)) {
    const texts = node.map(constantText);
    return texts.every((t) => t !== null) ? `[${texts.join(',')}]` : null;
  }
  const entries = Object.entries(isLiteralObject(node) ? node.$literal : node);
  const texts = entries.map(([name, child]) => {
    const text = constantText(child);
    return text === null ? null : `${JSON.stringify(name)}:${text}`;
  });
  return texts.every((t) => t !== null) ? `{${texts.join(',')}}` : null;
}

/** The list role in an item, not looking into lists inside it (the same rule as template.ts). */
function listRoleIn(node: Template): Role | null {
  if (isRoleRef(node)) return LIST_ROLES.has(node.$role) && node.form === undefined ? node.$role : null;
  if (node === null || typeof node !== 'object' || Array.isArray(node) || isExactNumber(node)) return null;
  for (const child of Object.values(isLiteralObject(node) ? node.$literal : node)) {
    const found = listRoleIn(child);
    if (found !== null) return found;
  }
  return null;
}
