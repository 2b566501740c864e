// The base URL an OpenAPI operation is served from: the operation's servers, else its path's,
// else the document's; `{variables}` filled from the person's values or the document's
// defaults; a relative URL ("/v1") resolved against where the document came from, else against
// the profile's base URL. Pure.
import { isObject } from './openapi-ref';
import type { Json } from './openapi-ref';
import { SpecError } from '../spec/spec-error';

export interface ServerChoice {
  /** every server named, variables filled with defaults, as listed */
  listed: string[];
  /** the one the example uses, absolute */
  url: string;
  notes: string[];
}

export function serversOf(...levels: unknown[]): Json[] {
  for (const level of levels) if (Array.isArray(level) && level.length > 0) return level.filter(isObject);
  return [];
}

export function listServers(servers: Json[]): string[] {
  return servers.flatMap((server) => (typeof server.url === 'string' ? [fill(server, {}, [])] : []));
}

export function chooseServer(
  servers: Json[],
  options: { vars?: Record<string, string>; sourceUrl?: string; profileBaseUrl?: string },
): ServerChoice {
  const notes: string[] = [];
  const first = servers.find((s) => typeof s.url === 'string');
  const filled = first === undefined ? '/' : fill(first, options.vars ?? {}, notes);
  // a host or prefix still holding {tenant} would be learned as written: ask for the value instead
  if (notes.length > 0) throw new SpecError(notes.join('; '));
  const base = options.sourceUrl !== undefined && /^https?:/i.test(options.sourceUrl) ? options.sourceUrl : options.profileBaseUrl;
  let url: URL;
  try {
    url = /^[a-z][a-z0-9+.-]*:/i.test(filled) || base === undefined ? new URL(filled) : new URL(filled, base);
  } catch {
    throw new SpecError(
      `The document's server URL ${filled.slice(0, 80)} is not an absolute http(s) URL, and there is no base to read it against`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SpecError(`The document's server URL uses ${url.protocol}; this app talks http(s)`);
  if (first === undefined && base !== undefined) notes.push(`The document names no server; its paths were read under ${url.origin}`);
  return { listed: listServers(servers), url: url.href.replace(/\/+$/, ''), notes };
}

/** `https://{region}.example.com/{version}` with each variable's given value or default. */
function fill(server: Json, vars: Record<string, string>, notes: string[]): string {
  const variables = isObject(server.variables) ? server.variables : {};
  return String(server.url).replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    if (Object.hasOwn(vars, name)) return vars[name]!;
    const variable = variables[name];
    if (isObject(variable) && (typeof variable.default === 'string' || typeof variable.default === 'number'))
      return String(variable.default);
    const sentence = `The server URL's variable {${name}} has no default; give it with --var ${name}=VALUE`;
    if (!notes.includes(sentence)) notes.push(sentence);
    return whole;
  });
}
