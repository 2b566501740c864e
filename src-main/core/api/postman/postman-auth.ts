// Where a Postman request's auth puts the key: bearer -> Authorization: Bearer, basic -> HTTP
// Basic with the collection's user name, apikey -> its header or query parameter. The auth is
// the request's own, else its folder's, else the collection's, as Postman inherits it. Only the
// placement is learned: the token or password in the collection is never read. Pure.
import { describeCredential } from '../../../shared/credential-words';
import { isObject } from '../openapi/openapi-ref';
import type { Json } from '../openapi/openapi-ref';
import type { SpecCredential } from '../spec/spec-types';

/** One auth parameter; v2.1 writes them as [{key, value}], v2.0 as an object. */
function param(auth: Json, type: string, key: string): string | undefined {
  const params = auth[type];
  if (Array.isArray(params)) {
    const found = params.find((p): p is Json => isObject(p) && p.key === key);
    return found !== undefined && (typeof found.value === 'string' || typeof found.value === 'number') ? String(found.value) : undefined;
  }
  if (isObject(params) && (typeof params[key] === 'string' || typeof params[key] === 'number')) return String(params[key]);
  return undefined;
}

/** `{{name}}`-resolved text, or undefined while a variable is left in it. */
export type Substitute = (text: string) => string;

export function postmanCredential(
  auth: Json | null,
  substitute: Substitute,
  user: string | undefined,
  notes: string[],
): SpecCredential | null {
  if (auth === null) return null;
  const type = typeof auth.type === 'string' ? auth.type : '';
  let credential: SpecCredential | null = null;
  if (type === 'noauth' || type === '') return null;
  if (type === 'bearer' || type === 'oauth2') credential = { placement: undefined, header: 'Authorization', query: null, scheme: type };
  else if (type === 'basic')
    credential = {
      placement: { in: 'basic', username: basicUser(param(auth, 'basic', 'username'), substitute, user, notes) },
      header: 'Authorization',
      query: null,
      scheme: type,
    };
  else if (type === 'apikey') {
    const name = substitute(param(auth, 'apikey', 'key') ?? '').trim();
    const where = param(auth, 'apikey', 'in') ?? 'header';
    if (name === '' || /\{\{/.test(name)) notes.push("The collection's API key auth names no header or parameter; it was left out");
    else if (where === 'query') credential = { placement: { in: 'query', name }, header: null, query: name, scheme: type };
    else credential = { placement: { in: 'header', name, scheme: '' }, header: name, query: null, scheme: type };
  } else notes.push(`The collection's ${type.slice(0, 30)} auth is not one this app can send (bearer, basic, apikey); it was left out`);
  if (credential !== null)
    notes.push(
      `The key goes as ${describeCredential(credential.placement)} (the collection's ${type} auth); no key value from the ` +
        `collection is kept: the profile's key is read from the keychain when a request is sent`,
    );
  return credential;
}

function basicUser(given: string | undefined, substitute: Substitute, user: string | undefined, notes: string[]): string {
  if (user !== undefined && user !== '') return user;
  const name = substitute(given ?? '');
  if (name !== '' && !/[:{}]/.test(name)) return name;
  notes.push(
    'HTTP Basic needs a user name (an account id) the collection does not give: the placeholder {username} was saved; import again with --user ACCOUNT',
  );
  return '{username}';
}
