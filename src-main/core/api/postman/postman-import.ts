// A Postman collection (v2.1, v2.0 read alike) -> its requests as candidates, folders walked in
// order and named `Folder / Request`, and for one of them the request Postman would send:
// `{{variables}}` filled from the person's values or the collection's, `:param` path segments
// from the URL's variables, enabled headers, a raw JSON or urlencoded body (form-data is not
// supported yet), and where the auth (its own or inherited) puts the key. Pure.
import type { ParsedCurl } from '../curl/curl-parse';
import { isObject } from '../openapi/openapi-ref';
import type { Json } from '../openapi/openapi-ref';
import { postmanCredential } from './postman-auth';
import { formText, FORM_TYPE, JSON_TYPE } from '../spec/spec-body';
import { SpecError } from '../spec/spec-error';
import type { SpecCandidate, SpecOptions, SpecRequest } from '../spec/spec-types';

/** Folders deeper than this are not walked: no real collection nests so far. */
const MAX_FOLDER_DEPTH = 16;

export interface PostmanItem {
  candidate: SpecCandidate;
  request: Json;
  /** the auth in force: the request's own or the nearest folder's or the collection's */
  auth: Json | null;
}

export function isPostmanCollection(doc: Json): boolean {
  const schema = isObject(doc.info) ? doc.info.schema : undefined;
  return (
    (typeof schema === 'string' && /getpostman\.com\/json\/collection\/v2/.test(schema)) || (Array.isArray(doc.item) && isObject(doc.info))
  );
}

export function postmanItems(doc: Json): PostmanItem[] {
  const out: PostmanItem[] = [];
  const vars = collectionVariables(doc, {});
  const walk = (items: unknown, trail: string[], auth: Json | null, depth: number): void => {
    if (!Array.isArray(items) || depth > MAX_FOLDER_DEPTH) return;
    for (const item of items) {
      if (!isObject(item)) continue;
      const name = typeof item.name === 'string' && item.name.trim() !== '' ? item.name.trim() : `request ${out.length + 1}`;
      const own = isObject(item.auth) ? item.auth : auth;
      if (Array.isArray(item.item)) walk(item.item, [...trail, name], own, depth + 1);
      else if (isObject(item.request) || typeof item.request === 'string') {
        const request: Json = typeof item.request === 'string' ? { url: item.request, method: 'GET' } : item.request;
        const method = typeof request.method === 'string' ? request.method.toUpperCase() : 'GET';
        const raw = urlText(request.url);
        const requestAuth = isObject(request.auth) ? request.auth : own;
        out.push({
          candidate: {
            id: [...trail, name].join(' / '),
            method,
            path: pathOf(raw),
            summary: `${method} ${raw}`.slice(0, 160),
            servers: [serverOf(raw, vars)].filter((s) => s !== ''),
          },
          request,
          auth: requestAuth,
        });
      }
    }
  };
  walk(doc.item, [], isObject(doc.auth) ? doc.auth : null, 0);
  return out;
}

export function postmanRequest(doc: Json, item: PostmanItem, options: SpecOptions): SpecRequest {
  const notes: string[] = [];
  const vars = collectionVariables(doc, options.vars ?? {});
  const missing = new Set<string>();
  const substitute = (text: string): string =>
    text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) => {
      if (Object.hasOwn(vars, name)) return vars[name]!;
      missing.add(name);
      return whole;
    });
  const credential = postmanCredential(item.auth, substitute, options.user, notes);
  const url = requestUrl(item.request, substitute, options, notes);
  const headers: { name: string; value: string }[] = [];
  for (const header of Array.isArray(item.request.header) ? item.request.header : []) {
    if (!isObject(header) || header.disabled === true || typeof header.key !== 'string') continue;
    headers.push({ name: header.key, value: substitute(typeof header.value === 'string' ? header.value : '') });
  }
  const body = bodyOf(item.request.body, headers, substitute, notes);
  for (const name of missing)
    notes.push(`The variable {{${name.slice(0, 60)}}} has no value in the collection; import again with --var ${name.slice(0, 60)}=VALUE`);
  const request: ParsedCurl = {
    method: item.candidate.method,
    url,
    headers,
    body: body.text,
    form: null,
    contentType: body.type,
    ignored: [],
    unknown: [],
    warnings: notes,
  };
  return { request, credential, unsupported: body.unsupported };
}

/** The collection's variables (enabled ones), the person's values over them. */
function collectionVariables(doc: Json, given: Record<string, string>): Record<string, string> {
  const vars: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const variable of Array.isArray(doc.variable) ? doc.variable : []) {
    if (!isObject(variable) || variable.disabled === true || typeof variable.key !== 'string') continue;
    if (typeof variable.value === 'string' || typeof variable.value === 'number' || typeof variable.value === 'boolean')
      vars[variable.key] = String(variable.value);
  }
  for (const [name, value] of Object.entries(given)) vars[name] = value;
  return vars;
}

function urlText(url: unknown): string {
  if (typeof url === 'string') return url;
  if (!isObject(url)) return '';
  if (typeof url.raw === 'string') return url.raw;
  const host = Array.isArray(url.host) ? url.host.join('.') : typeof url.host === 'string' ? url.host : '';
  const path = Array.isArray(url.path)
    ? url.path.map((p) => (typeof p === 'string' ? p : '')).join('/')
    : typeof url.path === 'string'
      ? url.path
      : '';
  const protocol = typeof url.protocol === 'string' ? `${url.protocol}://` : '';
  return `${protocol}${host}${path === '' ? '' : `/${path.replace(/^\//, '')}`}`;
}

/** The path as the collection writes it, without the host or query: `/message/sendText/:instance`. */
function pathOf(raw: string): string {
  const noQuery = raw.split('?')[0]!;
  const afterHost = noQuery.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^\{\{[^{}]+\}\}/, '');
  return afterHost.startsWith('/') ? afterHost : `/${afterHost}`;
}

function serverOf(raw: string, vars: Record<string, string>): string {
  const head = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*|\{\{[^{}]+\}\})/i.exec(raw)?.[1] ?? '';
  return head.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

function requestUrl(request: Json, substitute: (text: string) => string, options: SpecOptions, notes: string[]): string {
  const raw = urlText(request.url);
  if (raw === '') throw new SpecError('The request has no URL');
  const pathVars = isObject(request.url) && Array.isArray(request.url.variable) ? request.url.variable.filter(isObject) : [];
  let text = substitute(raw).replace(/\/:([A-Za-z_][\w-]*)/g, (whole, name: string) => {
    const given = options.vars?.[name] ?? pathVars.find((v) => v.key === name)?.value;
    const value = typeof given === 'string' ? substitute(given) : '';
    if (value !== '' && !/\{\{/.test(value)) return `/${encodeURIComponent(value)}`;
    notes.push(`The path variable :${name} has no value; its name stands in the path: import again with --var ${name}=VALUE`);
    return `/${name}`;
  });
  // a base URL variable the collection leaves empty: the profile's base URL stands in
  const leading = /^\{\{[^{}]+\}\}/.exec(text);
  if (leading !== null && options.profileBaseUrl !== undefined) {
    notes.push(
      `${leading[0].slice(0, 60)} has no value in the collection; the request was read under the profile's ${options.profileBaseUrl}`,
    );
    text = `${options.profileBaseUrl.replace(/\/+$/, '')}${text.slice(leading[0].length)}`;
  }
  if (!/^https?:\/\//i.test(text)) text = `https://${text}`;
  try {
    return new URL(text).href;
  } catch {
    throw new SpecError(`The request's URL ${raw.slice(0, 80)} cannot be read as an http(s) URL; give its variables with --var NAME=VALUE`);
  }
}

function bodyOf(
  body: unknown,
  headers: { name: string; value: string }[],
  substitute: (text: string) => string,
  notes: string[],
): { text: string | null; type: string | null; unsupported: string | null } {
  const declared = headers.find((h) => h.name.toLowerCase() === 'content-type');
  if (!isObject(body) || body.disabled === true) return { text: null, type: declared?.value ?? null, unsupported: null };
  const mode = typeof body.mode === 'string' ? body.mode : 'raw';
  if (mode === 'raw') {
    const text = substitute(typeof body.raw === 'string' ? body.raw : '');
    if (text.trim() === '') return { text: null, type: declared?.value ?? null, unsupported: null };
    const language = isObject(body.options) && isObject(body.options.raw) ? body.options.raw.language : undefined;
    if (declared === undefined && (language === 'json' || /^\s*[{[]/.test(text))) headers.push({ name: 'Content-Type', value: JSON_TYPE });
    return { text, type: declared?.value ?? JSON_TYPE, unsupported: null };
  }
  if (mode === 'urlencoded') {
    const fields: Record<string, string[]> = {};
    for (const field of Array.isArray(body.urlencoded) ? body.urlencoded : []) {
      if (!isObject(field) || field.disabled === true || typeof field.key !== 'string') continue;
      (fields[field.key] ??= []).push(substitute(typeof field.value === 'string' ? field.value : ''));
    }
    if (declared === undefined) headers.push({ name: 'Content-Type', value: FORM_TYPE });
    return { text: formText(fields, notes), type: FORM_TYPE, unsupported: null };
  }
  if (mode === 'formdata')
    return {
      text: null,
      type: null,
      unsupported:
        'This request cannot be proposed: its body is form-data (multipart, a file upload), which is not supported yet: this app sends JSON and form bodies',
    };
  return {
    text: null,
    type: null,
    unsupported: `This request cannot be proposed: its body mode is ${mode.slice(0, 20)}; this app sends JSON and form bodies`,
  };
}
