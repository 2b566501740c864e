// Reading the arguments the way curl 8 reads them: long options with or without `=`, short
// options clustered (-sSL) or glued to their value (-XPOST), `--` ending the options. Each
// option is applied to the Draft (curl-draft.ts), or recorded as ignored or unknown.
import { readFormPart } from './curl-form';
import { CurlParseError } from './curl-error';
import { addCookie, addData, addHeader, addQuery, newDraft, record, setBasicAuth, setDerived, setMethod, setReferer } from './curl-draft';
import type { Draft } from './curl-draft';
import {
  ADDRESSING,
  AUTH_SCHEMES,
  FLAG_OPTIONS,
  INSECURE,
  NETRC,
  QUIET_IGNORED,
  SHORT_OPTIONS,
  TRUST_FILES,
  VALUE_OPTIONS,
  isProxyOption,
} from './curl-options';

export function readArguments(args: string[]): Draft {
  const draft = newDraft();
  let optionsEnded = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    if (optionsEnded || !arg.startsWith('-')) draft.urls.push(arg);
    else if (arg === '--')
      optionsEnded = true; // curl: what follows is a URL even if it starts with -
    else if (arg === '-') draft.unknown.push(arg);
    else if (arg.startsWith('--') ? readLongOption(draft, arg, next) : readShortOptions(draft, arg, next)) i += 1;
  }
  return draft;
}

/** --name, --name value, --name=value, --no-name. Returns whether the next argument was its value. */
function readLongOption(draft: Draft, arg: string, next: string | undefined): boolean {
  const eq = arg.indexOf('=');
  const spelled = eq === -1 ? arg : arg.slice(0, eq);
  const inline = eq === -1 ? null : arg.slice(eq + 1);
  let name = spelled.slice(2).toLowerCase();
  if (name.startsWith('expand-') && VALUE_OPTIONS.has(name.slice(7))) {
    // curl 8.3's --expand-x fills {{variables}} set by --variable, which are not read here
    const value = inline ?? requireValue(spelled, next);
    // its value is a header, a user:password or a body with variables: often a credential
    record(draft.unknown, name, spelled, value);
    return inline === null;
  }
  let toggle = true;
  if (!FLAG_OPTIONS.has(name) && !VALUE_OPTIONS.has(name) && name.startsWith('no-') && FLAG_OPTIONS.has(name.slice(3))) {
    name = name.slice(3);
    toggle = false;
  }
  if (FLAG_OPTIONS.has(name)) {
    applyFlag(draft, name, spelled, toggle);
    return false;
  }
  if (!VALUE_OPTIONS.has(name)) {
    draft.unknown.push(arg);
    return false;
  }
  if (inline !== null) {
    applyValue(draft, name, spelled, inline);
    return false;
  }
  applyValue(draft, name, spelled, requireValue(spelled, next));
  return true;
}

/** -sSL, -XPOST, -H value. A letter taking a value takes the rest of the cluster, or the next argument. */
function readShortOptions(draft: Draft, arg: string, next: string | undefined): boolean {
  for (let k = 1; k < arg.length; k += 1) {
    const letter = arg.charAt(k);
    const name = SHORT_OPTIONS[letter];
    if (name === undefined) {
      // an unknown letter may take a value: the rest of the cluster cannot be read reliably
      draft.unknown.push(`-${arg.slice(k)}`);
      return false;
    }
    if (VALUE_OPTIONS.has(name)) {
      if (k + 1 < arg.length) {
        applyValue(draft, name, `-${letter}`, arg.slice(k + 1));
        return false;
      }
      applyValue(draft, name, `-${letter}`, requireValue(`-${letter}`, next));
      return true;
    }
    applyFlag(draft, name, `-${letter}`, letter !== 'N'); // -N is --no-buffer
  }
  return false;
}

function requireValue(spelled: string, next: string | undefined): string {
  if (next === undefined) throw new CurlParseError(`${spelled} at the end of the command needs a value after it`);
  return next;
}

function applyFlag(draft: Draft, name: string, spelled: string, toggle: boolean): void {
  switch (name) {
    case 'get':
      draft.get = toggle;
      return;
    case 'head':
      draft.head = toggle;
      return;
    case 'next':
      throw new CurlParseError('the command makes more than one request (--next); paste one request at a time');
    case 'globoff':
      draft.globoff = toggle;
      break;
    default:
      break;
  }
  if (AUTH_SCHEMES.has(name)) {
    draft.authScheme = toggle ? name : null;
    record(draft.unknown, name, spelled, null);
  } else if (QUIET_IGNORED.has(name) || (!toggle && FLAG_OPTIONS.has(name))) {
    // a --no-x form only turns something off that the app never turns on
    record(draft.ignored, name, spelled, null);
  } else if (ignoredWithWarning(draft, name)) record(draft.ignored, name, spelled, null);
  else record(draft.unknown, name, spelled, null);
}

/** Options that do not change the request but that a person should know were dropped. */
function ignoredWithWarning(draft: Draft, name: string): boolean {
  let warning: string | null = null;
  if (INSECURE.has(name)) warning = `--${name} was ignored: the app always checks certificates`;
  else if (TRUST_FILES.has(name)) warning = `--${name} was ignored: the app checks certificates against its own trusted list`;
  else if (isProxyOption(name)) warning = `--${name} was ignored: the app connects to the server directly, without a proxy`;
  else if (ADDRESSING.has(name)) warning = `--${name} was ignored: the app looks up the server's address itself`;
  else if (NETRC.has(name))
    warning = `--${name} was ignored: no credentials are read from a .netrc file; add -u user:password or an Authorization header`;
  if (warning === null) return false;
  draft.warnings.push(warning);
  return true;
}

function applyValue(draft: Draft, name: string, spelled: string, value: string): void {
  switch (name) {
    case 'request':
      setMethod(draft, spelled, value);
      return;
    case 'url':
      draft.urls.push(value);
      return;
    case 'header':
      addHeader(draft, spelled, value);
      return;
    case 'data':
    case 'data-ascii':
    case 'data-binary':
    case 'data-raw':
    case 'data-urlencode':
    case 'json':
      addData(draft, name, spelled, value);
      return;
    case 'url-query':
      addQuery(draft, spelled, value);
      return;
    case 'user-agent':
      setDerived(draft, 'User-Agent', value === '' ? null : value);
      return;
    case 'referer':
      setReferer(draft, value);
      return;
    case 'cookie':
      addCookie(draft, spelled, value);
      return;
    case 'user':
      setBasicAuth(draft, spelled, value);
      return;
    case 'oauth2-bearer':
      setDerived(draft, 'Authorization', `Bearer ${value}`);
      return;
    case 'range':
      setDerived(draft, 'Range', `bytes=${value}`);
      return;
    case 'form':
    case 'form-string':
      (draft.form ??= []).push(readFormPart(spelled, value, name === 'form-string'));
      return;
    case 'upload-file':
      throw new CurlParseError(
        `${spelled} uploads a local file, which cannot be read from a pasted command; paste the body itself with --data-raw`,
      );
    case 'config':
      throw new CurlParseError(
        `${spelled} reads more options from a config file, which cannot be read from a pasted command; paste the options themselves`,
      );
    default:
      if (QUIET_IGNORED.has(name) || ignoredWithWarning(draft, name)) record(draft.ignored, name, spelled, value);
      else record(draft.unknown, name, spelled, value);
  }
}
