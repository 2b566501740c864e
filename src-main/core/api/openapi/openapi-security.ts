// Where an OpenAPI operation's security scheme puts the key: http bearer -> Authorization:
// Bearer (the app's default), http basic -> HTTP Basic with an account id as the user name,
// apiKey in a header or the query -> that header or parameter. OAuth2 and OpenID Connect send
// their token as a bearer too. Only the placement is learned; a scheme this app cannot send is
// named in a note. Pure.
import { describeCredential } from '../../../shared/credential-words';
import { deref, isObject } from './openapi-ref';
import type { Json } from './openapi-ref';
import type { VisitBudget } from '../spec/spec-budget';
import type { SpecCredential } from '../spec/spec-types';

/** Path parameters that hold the account a Basic user name stands for (Twilio's AccountSid). */
const ACCOUNT_PARAM = /^(account|accountsid|accountid|username|user)$/i;

export interface CredentialInput {
  /** the person's user name for HTTP Basic */
  user?: string;
  /** the example's path parameter values */
  pathValues: Record<string, string>;
}

export function openApiCredential(
  doc: Json,
  operation: Json,
  input: CredentialInput,
  notes: string[],
  budget: VisitBudget,
): SpecCredential | null {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  const requirement = requirements.find((r): r is Json => isObject(r) && Object.keys(r).length > 0);
  if (requirement === undefined) return null;
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const names = Object.keys(requirement);
  for (const name of names) {
    const scheme = deref(doc, schemes[name], budget).node;
    const credential = isObject(scheme) ? placementOf(name, scheme, input, notes) : null;
    if (credential === null) {
      if (!isObject(scheme))
        notes.push(`The security scheme "${name.slice(0, 60)}" is not defined in components.securitySchemes; it was left out`);
      continue;
    }
    if (names.length > 1)
      notes.push(
        `The operation asks for ${names.length} credentials together (${names.join(', ').slice(0, 120)}); the profile sends one ` +
          `key, as ${describeCredential(credential.placement)}`,
      );
    notes.push(
      `The key goes as ${describeCredential(credential.placement)} (the document's security scheme "${name.slice(0, 60)}"); no ` +
        `key value from the document is kept: the profile's key is read from the keychain when a request is sent`,
    );
    return credential;
  }
  notes.push(
    "None of the document's security schemes for this operation can be sent by this app; the key goes as Authorization: Bearer " +
      'unless the example says otherwise',
  );
  return null;
}

function placementOf(name: string, scheme: Json, input: CredentialInput, notes: string[]): SpecCredential | null {
  const type = typeof scheme.type === 'string' ? scheme.type : '';
  const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
  if (type === 'http' && httpScheme === 'bearer') return { placement: undefined, header: 'Authorization', query: null, scheme: name };
  if (type === 'http' && httpScheme === 'basic')
    return { placement: { in: 'basic', username: basicUser(input, notes) }, header: 'Authorization', query: null, scheme: name };
  if (type === 'oauth2' || type === 'openIdConnect') {
    notes.push(
      `The security scheme "${name.slice(0, 60)}" is ${type}: the app sends a token you obtained elsewhere as Authorization: ` +
        `Bearer; it does not run the ${type} flow`,
    );
    return { placement: undefined, header: 'Authorization', query: null, scheme: name };
  }
  if (type === 'apiKey' && typeof scheme.name === 'string' && scheme.name.trim() !== '') {
    const where = scheme.in;
    if (where === 'header') {
      return { placement: { in: 'header', name: scheme.name.trim(), scheme: '' }, header: scheme.name.trim(), query: null, scheme: name };
    }
    if (where === 'query') return { placement: { in: 'query', name: scheme.name }, header: null, query: scheme.name, scheme: name };
    notes.push(
      `The security scheme "${name.slice(0, 60)}" puts the key in a ${String(where).slice(0, 20)}; this app sends a key in a header, the query or HTTP Basic`,
    );
    return null;
  }
  notes.push(
    `The security scheme "${name.slice(0, 60)}" (${`${type} ${httpScheme}`.trim().slice(0, 40) || 'no type'}) is not one this ` +
      `app can send (http bearer or basic, apiKey, oauth2, openIdConnect)`,
  );
  return null;
}

/** The account id the key belongs to: the person's, else a path parameter's example, else a placeholder to replace. */
function basicUser(input: CredentialInput, notes: string[]): string {
  if (input.user !== undefined && input.user !== '') return input.user;
  const account = Object.entries(input.pathValues).find(
    ([param, value]) => ACCOUNT_PARAM.test(param) && value !== '' && !/[:{}]/.test(value),
  );
  if (account !== undefined) {
    notes.push(`The HTTP Basic user name is the example's ${account[0]} (${account[1].slice(0, 40)}); give your own with --user`);
    return account[1];
  }
  notes.push(
    'HTTP Basic needs a user name (an account id) the document does not give: the placeholder {username} was saved; import again with --user ACCOUNT',
  );
  return '{username}';
}
