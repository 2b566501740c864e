// A pasted cURL -> a proposed OperationSpec for one operation: method, path, query, the headers
// that may be kept, and a body template whose fields are roles or constants. Roles are guessed
// from field names real services use (names.ts) and from the example values (a phone number, a
// URL, base64, a mimetype); the person corrects any guess with `fixes` (role -> field). How the
// number is written (`+`, `@c.us`) is learned from the example. Pure.
import { basename } from 'node:path';
import { CrmError } from '../errors';
import type { ParsedCurl } from './curl/curl-parse';
import { DETECT_CONTACTS } from './defaults';
import { MEDIA_TYPES } from '../../shared/file-purpose';
import { KIND_KEY } from '../../shared/media-kinds';
import { learnCredential } from './curl/credential-import';
import { isFilePart, type FormPart } from './curl/curl-form';
import { readFormBody } from './form-body';
import { parseExampleJson } from './json/example-json';
import { JsonNumberText } from './json/json-text';
import { isExactNumber, isLiteralObject, isRoleRef } from '../../shared/template-leaves';
import { JsonBoundsError } from '../parse/bounded-json';
import { judgeHeader } from './header-policy';
import { normalizeName, REQUEST_NAMES } from './names';
import { OPERATION_ROLES, isRole, missingRoles } from './roles';
import { shorten } from './shorten';
import { paramList } from './template-params';
import { readJsonObjectParams } from '../../shared/json-object-params';
import { offsetIsPageSize } from './page-size-offset';
import type {
  DescribedOperation,
  MappingRow,
  OperationMethod,
  OperationSpec,
  Proposal,
  QueryParam,
  Role,
  RoleFixes,
  RoleRef,
  Template,
} from './types';

export type { MappingRow, Proposal, RoleFixes };

const METHODS: readonly OperationMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** a template submission's body is the console's own draft (draft-body.ts), written whole: its fields are not mapped one by one */
const WHOLE_BODY_OPERATIONS: ReadonlySet<DescribedOperation> = new Set(['templates.create', 'templates.update']);
/** a DELETE is only how a service deletes (a template), never how it sends or lists */
const DELETE_OPERATIONS: readonly DescribedOperation[] = ['templates.delete'];

export interface ProposeOptions {
  profileBaseUrl?: string;
  fixes?: RoleFixes;
  /** path segments a document says name the account (its path parameters): never taken for the recipient */
  accountSegments?: readonly string[];
}

export function proposeOperation(parsed: ParsedCurl, operation: DescribedOperation, options: ProposeOptions = {}): Proposal {
  const warnings: string[] = [...parsed.warnings];
  if (parsed.unknown.length > 0) warnings.push(`Options this app does not know were left out: ${parsed.unknown.join(', ')}`);
  const method = parsed.method.toUpperCase() as OperationMethod;
  if (!METHODS.includes(method))
    throw new CrmError(
      'validation',
      `The example uses ${parsed.method.slice(0, 20)}; an operation here is a GET, POST, PUT, PATCH or DELETE`,
    );
  if (method === 'DELETE' && !DELETE_OPERATIONS.includes(operation))
    throw new CrmError(
      'validation',
      `The example is a DELETE; ${operation} is not a deletion (import it as templates.delete, or another example)`,
    );
  const url = new URL(parsed.url);
  const { baseUrl, path } = splitUrl(url, options.profileBaseUrl);
  rejectTokenInPath(path);

  // the key's placement is learned first, so no credential is judged (or kept) as a plain header
  const learned = learnCredential(parsed.headers, [...url.searchParams]);
  warnings.push(...learned.notes);
  const headers: { name: string; value: string }[] = [];
  for (const { name, value } of learned.headers) {
    const verdict = judgeHeader(name, value);
    if (verdict.keep) headers.push({ name, value });
    else if (!verdict.silent) warnings.push(verdict.reason);
  }

  const { body, encoding } =
    parsed.form !== null
      ? { body: multipartExample(parsed.form), encoding: 'multipart' as const }
      : parseBody(parsed.body, declaredContentType(parsed.headers), operation, method, warnings);
  const guesser = new Guesser(operation, options.fixes ?? {}, options.accountSegments ?? []);
  const query: QueryParam[] = learned.query.map(([name, value]) => ({ name, value: guesser.queryValue(name, value) }));
  const template = body === undefined ? null : WHOLE_BODY_OPERATIONS.has(operation) ? guesser.wholeBody(body) : guesser.template(body);
  // after the body and the query: a number there wins over digits in the path (Meta's phone-number id)
  const pathTemplate = guesser.pathTemplate(path);
  guesser.checkFixesUsed(warnings);
  warnings.push(...guesser.notes);

  const spec: OperationSpec = { method, path: pathTemplate.path, query, headers, body: template };
  if (pathTemplate.roles.length > 0) spec.pathRoles = pathTemplate.roles;
  if (encoding !== 'json') spec.encoding = encoding;
  if (learned.placement !== undefined) spec.credential = learned.placement;
  if (operation === 'contacts.list') spec.contacts = { ...DETECT_CONTACTS };
  else if (operation === 'media.upload') spec.upload = { mediaId: null };
  // a listing answers no new message id, nor does a download's lookup or a read receipt
  else if (
    operation !== 'messages.list' &&
    operation !== 'templates.list' &&
    operation !== 'media.download' &&
    operation !== 'messages.read' &&
    !operation.startsWith('templates.')
  )
    spec.send = { messageId: null };
  const present = new Set(guesser.rows.flatMap((r) => (r.role === null ? [] : [r.role])));
  for (const { anyOf, sentence } of missingRoles(operation, present))
    warnings.push(`In this example ${sentence}: name it with a fix (e.g. --map ${anyOf[0]}=FIELD) or in the mapping table`);
  return { operation, spec, baseUrl, rows: guesser.rows, warnings };
}

/** Keeps the profile's base URL when the example is under it; otherwise the example's origin. */
function splitUrl(url: URL, profileBaseUrl: string | undefined): { baseUrl: string; path: string } {
  if (profileBaseUrl !== undefined) {
    try {
      const base = new URL(profileBaseUrl);
      const prefix = base.pathname.replace(/\/+$/, '');
      if (base.origin === url.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
        return { baseUrl: `${base.origin}${prefix}`, path: url.pathname.slice(prefix.length) || '/' };
      }
    } catch {
      // an unusable profile URL: propose the example's own origin
    }
  }
  return { baseUrl: url.origin, path: url.pathname || '/' };
}

/** The Content-Type the example declares (its last one, as curl sends the last), lower-cased, without parameters. */
function declaredContentType(headers: readonly { name: string; value: string }[]): string | null {
  const declared = headers.filter((h) => h.name.trim().toLowerCase() === 'content-type').pop();
  return declared === undefined ? null : declared.value.split(';')[0]!.trim().toLowerCase();
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** name=value pairs; a name may end in brackets (`item[]`, `contact[name]`), as PHP and Rails read lists */
const FORM_TEXT = /^[^=&\s{}[\]"]+(\[[^=&\s{}[\]"]*\])*=[^&]*(&[^=&\s{}[\]"]+(\[[^=&\s{}[\]"]*\])*=[^&]*)*$/;

/**
 * The example's body as a value to map, and how it is written: JSON, or a form (what curl sends
 * for -d without a Content-Type, and what a form Content-Type says). A JSON body without a
 * Content-Type is taken as JSON, as its author meant, and said so.
 */
function parseBody(
  text: string | null,
  contentType: string | null,
  operation: DescribedOperation,
  method: OperationMethod,
  warnings: string[],
): { body: unknown; encoding: 'json' | 'form' } {
  if (text === null || text.trim() === '') return { body: undefined, encoding: 'json' };
  // a list may be asked for with a POST and a filter body (Evolution's findContacts); a GET may not
  if ((operation === 'contacts.list' || operation === 'messages.list') && method === 'GET') {
    throw new CrmError(
      'validation',
      'This example has a body, but a list is asked for with a GET and a query; paste the list request without -d (or with -G)',
    );
  }
  if (contentType === FORM_TYPE || (contentType === null && FORM_TEXT.test(text.trim())))
    return { body: readFormBody(text.trim()), encoding: 'form' };
  try {
    const body = parseExampleJson(text);
    if (contentType === null)
      warnings.push(
        'The example sends a JSON body without a Content-Type header (curl would label it form-encoded); the app sends it as application/json',
      );
    return { body, encoding: 'json' };
  } catch (err) {
    if (err instanceof JsonBoundsError) throw new CrmError('validation', `The body cannot be used: ${err.message}`);
    throw new CrmError(
      'validation',
      `The body is neither JSON nor a form ` +
        `(a=1&b=2)${contentType === null ? '' : ` and its Content-Type is ${contentType.slice(0, 60)}`}; this app sends JSON ` +
        `and form bodies`,
    );
  }
}

/** a number as services write it: `+5511…`, `5511…@c.us`, Twilio's `whatsapp:+1555…` */
const PHONE = /^((?:whatsapp:)?\+?)(\d{8,15})((?:@[a-z0-9.-]+)?)$/i;
const URL_VALUE = /^https?:\/\/\S+$/i;
const BASE64 = /^(data:[\w.+-]+\/[\w.+-]+;base64,)?[A-Za-z0-9+/]{16,}={0,2}$/;
const MIMETYPE = /^[a-z]+\/[\w.+-]+$/i;
const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
/** Twilio names an approved Content template by its sid: HX and 32 hex digits */
const CONTENT_SID = /^HX[0-9a-fA-F]{32}$/;
const TEMPLATE_LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2}|_[0-9]{3})?$/;
/** A value written to be replaced: `<PHONE_NUMBER>`, `{{Recipient-Phone-Number}}`, `YOUR_NUMBER`. */
const PLACEHOLDER = /^(<[^<>]{1,80}>|\{\{[^{}]{1,80}\}\}|YOUR_[A-Z0-9_]{1,60})$/;
/** The kinds an example of a send named by kind may show (Send Media's kinds and audio). */
const EXAMPLE_KINDS: readonly string[] = [...MEDIA_TYPES, 'audio'];
/** What a flat body calls its media kind field. */
const FLAT_KIND_NAMES: readonly string[] = ['type', 'kind', 'messagetype'];
/** What a Send Media kind object carries when its example did not show it. */
const KIND_OBJECT_FIELDS: readonly (readonly [Role, string, string])[] = [
  ['caption', 'caption', '(the caption, when one is given)'],
  ['file_name', 'filename', "(a document's file name)"],
];

function isPlainTemplate(node: Template): node is Record<string, Template> {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
  return !isRoleRef(node) && !isLiteralObject(node) && !isExactNumber(node);
}

class Guesser {
  rows: MappingRow[] = [];
  private readonly allowed: ReadonlySet<Role>;
  private readonly taken = new Set<Role>();
  private readonly usedFixes = new Set<string>();
  /** every leaf path of the body: a fix naming one of them means that field only */
  private paths = new Set<string>();
  /** a field named like a recipient (`to`, `number`) holds a number: it wins over `From` */
  private namedNumber = false;
  /** a listing body with page and offset but no page size: its offset is the page size (page-size-offset.ts) */
  private offsetIsSize = false;
  /** what the person should know about a guess (said with the warnings) */
  readonly notes: string[] = [];

  constructor(
    private readonly operation: DescribedOperation,
    private readonly fixes: RoleFixes,
    private readonly accountSegments: readonly string[] = [],
  ) {
    this.allowed = new Set(OPERATION_ROLES[operation]);
  }

  queryValue(name: string, value: string): string | RoleRef {
    const role = this.decide(name, name, value, 'query');
    this.rows.push({ location: 'query', field: name, example: shorten(value, '…'), role: role?.$role ?? null });
    return role ?? value;
  }

  template(body: unknown): Template {
    const sources = countSources(body);
    this.paths = allPaths(body);
    this.namedNumber = hasNamedNumber(body);
    this.offsetIsSize = offsetIsPageSize(this.paths);
    const walk = (node: unknown, path: string, key: string, parent: Record<string, unknown> | null = null): Template => {
      if (node instanceof FileExample) return this.filePart(node, path);
      if (Array.isArray(node)) return this.paramsOf(node, path, key, parent) ?? node.map((item, i) => walk(item, `${path}[${i}]`, key));
      if (typeof node === 'object' && node !== null && !(node instanceof JsonNumberText)) {
        const kindField = this.kindFieldOf(node as Record<string, unknown>, path);
        const out: Record<string, Template> = {};
        for (const [name, child] of Object.entries(node)) {
          const childPath = path === '' ? name : `${path}.${name}`;
          if (kindField !== null && name === kindField.field) {
            out[name] = this.kindValue(childPath, kindField.kind);
          } else if (kindField !== null && name === kindField.kind) {
            this.kindObject(out, walk(child, childPath, name), childPath);
          } else {
            out[name] = walk(child, childPath, name, node as Record<string, unknown>);
          }
        }
        this.linkOrId(out, path);
        // a constant like {"$role": "text"} must never read as a slot: its keys are escaped
        return kindField === null && Object.keys(out).some((name) => name.startsWith('$')) ? { $literal: out } : out;
      }
      if (node === null || typeof node === 'boolean') return node;
      rejectSecretField(path, key, node);
      if (typeof node === 'string') {
        const params = this.paramsObjectOf(node, path);
        if (params !== null) return params;
      }
      // a number a JS number cannot hold exactly keeps its digits (guessed from by its value)
      const exact = node instanceof JsonNumberText ? node.text : null;
      const value = exact === null ? (node as string | number) : Number(exact);
      const role = this.decide(path, key, value, 'body', sources);
      this.rows.push({ location: 'body', field: path, example: shorten(exact ?? String(value), '…'), role: role?.$role ?? null });
      return role ?? (exact === null ? value : { $number: exact });
    };
    return walk(body, '', '');
  }

  /** A template's parameter list as its one repeating item (template-params.ts), when this is one. */
  private paramsOf(items: unknown[], path: string, key: string, parent: Record<string, unknown> | null): Template[] | null {
    if (!this.allowed.has('template_param') || this.taken.has('template_param')) return null;
    const fixed = this.fixes.template_param;
    const list = paramList(key, items, parent);
    if (list === null) return null;
    const fieldOf = (i: number): string => `${path}[${i}]${list.textField === '' ? '' : `.${list.textField}`}`;
    // a fix naming these fields as constants keeps the list as it is
    if (items.some((_, i) => this.fixes.constant?.includes(fieldOf(i)))) return null;
    if (fixed !== undefined && fixed.length > 0 && !items.some((_, i) => fixed.includes(fieldOf(i)))) return null;
    this.taken.add('template_param');
    items.forEach((item, i) => {
      const text = list.textField === '' ? item : (item as Record<string, unknown>)[list.textField];
      this.rows.push({ location: 'body', field: fieldOf(i), example: shorten(String(text), '…'), role: 'template_param' });
      if (fixed?.includes(fieldOf(i))) this.usedFixes.add(`template_param=${fieldOf(i)}`);
    });
    this.notes.push(
      `${path} holds the template's parameters: its item repeats once for each parameter sent (none for a template without any)`,
    );
    return [list.item];
  }

  /**
   * A template's parameters written as one JSON object's text in one field (Twilio's
   * ContentVariables `{"1":"Ana"}`, json-object-params.ts): the field becomes the parameters role
   * in that form, one row per parameter of the example.
   */
  private paramsObjectOf(text: string, path: string): RoleRef | null {
    if (!this.allowed.has('template_param') || this.taken.has('template_param') || this.fixes.constant?.includes(path)) return null;
    const params = readJsonObjectParams(text);
    if (params === null) return null;
    this.taken.add('template_param');
    if (this.fixes.template_param?.includes(path)) this.usedFixes.add(`template_param=${path}`);
    params.forEach((param, i) =>
      this.rows.push({ location: 'body', field: `${path}.${i + 1}`, example: shorten(param, '…'), role: 'template_param' }),
    );
    this.notes.push(`${path} holds the template's parameters as a JSON object's text, keyed "1", "2"... in order`);
    return { $role: 'template_param', form: 'json-object-string' };
  }

  /**
   * A recipient written into the path (Wati's `/sendSessionMessage/5511...`) becomes `{number}`,
   * when neither the body nor the query holds one. Only the number: any other segment is kept.
   */
  pathTemplate(path: string): { path: string; roles: RoleRef[] } {
    if (this.operation === 'media.download') return this.idPath(path, 'media_id');
    if (this.operation === 'templates.update') return this.idPath(path, 'template_id');
    const roles: RoleRef[] = [];
    const segments = path.split('/').map((segment, i) => {
      if (segment === '' || !this.allowed.has('number') || this.taken.has('number')) return segment;
      let text: string;
      try {
        text = decodeURIComponent(segment);
      } catch {
        return segment;
      }
      const field = `path[${i}]`;
      const fixed = this.fixes.number?.includes(field) === true;
      if (this.fixes.constant?.includes(field)) this.usedFixes.add(`constant=${field}`);
      if (fixed) this.usedFixes.add(`number=${field}`);
      // a read receipt's path names the account (Meta's phone number id), seldom the contact: only a fix puts the number there
      const account = this.accountSegments.includes(text);
      const guessed = this.operation !== 'messages.read' && !account && PHONE.test(text.replace(/[\s()-]/g, ''));
      if (this.fixes.constant?.includes(field) || (!fixed && !guessed)) return segment;
      const ref = withFormat('number', text);
      this.taken.add('number');
      roles.push(ref);
      this.rows.push({ location: 'path', field, example: shorten(text, '…'), role: 'number' });
      return '{number}';
    });
    return { path: segments.join('/'), roles };
  }

  /**
   * A media download names the file by its id in the path (Meta's `GET /v23.0/{media-id}`), a
   * template edit the template (Meta's `POST /v23.0/{template-id}`): the last segment is the id,
   * unless a fix names another (media_id=path[N]) or keeps it (constant).
   */
  private idPath(path: string, role: 'media_id' | 'template_id'): { path: string; roles: RoleRef[] } {
    const segments = path.split('/');
    const fixed = this.fixes[role]?.find((f) => /^path\[\d+\]$/.test(f));
    let index = fixed === undefined ? segments.findLastIndex((s) => s !== '') : Number(fixed.slice(5, -1));
    if (fixed !== undefined) this.usedFixes.add(`${role}=${fixed}`);
    if (this.fixes.constant?.includes(`path[${index}]`)) {
      this.usedFixes.add(`constant=path[${index}]`);
      index = -1;
    }
    if (index < 0 || index >= segments.length || segments[index] === '') return { path, roles: [] };
    this.taken.add(role);
    this.rows.push({ location: 'path', field: `path[${index}]`, example: shorten(segments[index]!, '…'), role });
    segments[index] = `{${role}}`;
    return { path: segments.join('/'), roles: [{ $role: role }] };
  }

  /**
   * A template submission's example body stands for the whole draft the console writes (its name,
   * language, category and components in Meta's shape): one slot, whatever the example held.
   */
  wholeBody(body: unknown): Template {
    const example = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body).join(', ') : String(body);
    this.taken.add('template_draft');
    this.rows.push({ location: 'body', field: '(the whole body)', example: shorten(example, '…'), role: 'template_draft' });
    this.notes.push("The body is written whole from the template's draft (name, language, category, components), as Meta's takes it");
    return { $role: 'template_draft' };
  }

  /** A multipart file part: the file's bytes for an upload or a send; anything else cannot take one. */
  private filePart(example: FileExample, path: string): Template {
    const role: Role | null = this.operation === 'messages.audio' ? 'audio' : this.allowed.has('media') ? 'media' : null;
    this.rows.push({ location: 'body', field: path, example: `@${shorten(example.fileName, '…')}`, role });
    if (role === null) {
      this.notes.push(`The file part ${path} was left out: ${this.operation} sends no file`);
      return null;
    }
    this.taken.add(role);
    return { $role: role };
  }

  /**
   * A media object that takes a `link` or an `id` (Meta's and 360dialog's): a file is then sent
   * by the id its upload answered, a URL by link. Learned from the link example alone.
   */
  private linkOrId(out: Record<string, Template>, path: string): void {
    if (this.operation !== 'messages.media' && this.operation !== 'messages.audio') return;
    const link = out.link;
    const either = this.operation === 'messages.media' ? 'media' : 'audio';
    if (link === undefined && this.byIdOnly(out, path, either)) return;
    if (path === '' || !isRoleRef(link) || link.$role !== either || 'id' in out) return;
    out.link = { $role: `${either}_url` };
    out.id = { $role: 'media_id' };
    const row = this.rows.find((r) => r.field === `${path}.link`);
    if (row) row.role = `${either}_url`;
    this.rows.push({ location: 'body', field: `${path}.id`, example: "(the uploaded file's id)", role: 'media_id' });
    this.notes.push(
      `${path}.link takes a URL; a local file is uploaded first and sent as ${path}.id (import the service's upload cURL as Upload media)`,
    );
  }

  /**
   * The by-id example of a kind's object (`"image":{"id":"<sample>"}`): its id is a sample, not a
   * constant. It becomes the uploaded file's id, and a URL goes by `link` beside it.
   */
  private byIdOnly(out: Record<string, Template>, path: string, either: 'media' | 'audio'): boolean {
    const last = path.split('.').pop() ?? '';
    const id = out.id;
    if (!EXAMPLE_KINDS.includes(last) || (typeof id !== 'string' && typeof id !== 'number') || this.taken.has('media_id')) return false;
    this.taken.add('media_id');
    out.link = { $role: `${either}_url` };
    out.id = { $role: 'media_id' };
    const row = this.rows.find((r) => r.field === `${path}.id`);
    if (row) row.role = 'media_id';
    this.rows.push({ location: 'body', field: `${path}.link`, example: "(a file's URL)", role: `${either}_url` });
    const sent = `a local file is uploaded first and sent as ${path}.id, a URL as ${path}.link`;
    this.notes.push(`${path}.id in the example is a sample upload's id: ${sent}`);
    return true;
  }

  /**
   * Meta's shape names the kind twice (`"type":"image","image":{...}`): that field is the media
   * kind and the object's key follows it, so one example serves every kind, the audio example
   * too; and any kind's example teaches Send Audio (`"type":"audio","audio":{...}`). A fix naming
   * the field as a constant keeps it one.
   */
  private kindFieldOf(node: Record<string, unknown>, path: string): { field: string; kind: string } | null {
    if ((this.operation !== 'messages.media' && this.operation !== 'messages.audio') || this.taken.has('mediatype')) return null;
    for (const [field, value] of Object.entries(node)) {
      if (typeof value !== 'string' || !EXAMPLE_KINDS.includes(value)) continue;
      const inner = node[value];
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) continue;
      const fieldPath = path === '' ? field : `${path}.${field}`;
      if (this.fixes.constant?.some((f) => f === fieldPath || f === field)) continue;
      this.taken.add('mediatype');
      return { field, kind: value };
    }
    return null;
  }

  /** The kind field: the chosen kind for Send Media, always "audio" for Send Audio. */
  private kindValue(path: string, kind: string): Template {
    const audio = this.operation === 'messages.audio';
    this.rows.push({ location: 'body', field: path, example: shorten(kind, '…'), role: audio ? null : 'mediatype' });
    if (audio && kind !== 'audio') this.notes.push(`${path} is "audio" for Send Audio (the example sent ${shorten(kind, '…')})`);
    return audio ? 'audio' : { $role: 'mediatype' };
  }

  /**
   * The kind's object, with the fields each kind may carry: Send Media's gains a caption and a
   * file name when the example had none (the file name is written for documents only,
   * messages-media.ts); Send Audio's goes under "audio" without either, which audio never takes.
   */
  private kindObject(out: Record<string, Template>, walked: Template, path: string): void {
    const inner = isPlainTemplate(walked) ? this.withoutKindOnly(walked, path) : walked;
    if (this.operation === 'messages.audio') {
      out.audio = inner;
      return;
    }
    out[KIND_KEY] = inner;
    if (!isPlainTemplate(inner)) return;
    const roles = new Set(Object.values(inner).flatMap((v) => (isRoleRef(v) ? [v.$role] : [])));
    for (const [role, field, example] of KIND_OBJECT_FIELDS) {
      if (roles.has(role) || Object.hasOwn(inner, field)) continue;
      inner[field] = { $role: role };
      this.rows.push({ location: 'body', field: `${path}.${field}`, example, role });
    }
  }

  /** The kind object without what only the example's kind takes: an audio's voice flag, or, for audio, a caption and file name. */
  private withoutKindOnly(inner: Record<string, Template>, path: string): Record<string, Template> {
    const kept: Record<string, Template> = {};
    for (const [name, value] of Object.entries(inner)) {
      const normal = normalizeName(name);
      if (this.operation === 'messages.audio' ? namedAs('caption', normal) || normal === 'filename' : normal === 'voice') {
        this.rows = this.rows.filter((r) => r.field !== `${path}.${name}`);
        continue;
      }
      kept[name] = value;
    }
    return kept;
  }

  checkFixesUsed(warnings: string[]): void {
    for (const [role, fields] of Object.entries(this.fixes) as [Role | 'constant', string[]][]) {
      if (role !== 'constant' && !isRole(role))
        warnings.push(`"${role}" is not a role; roles: ${OPERATION_ROLES[this.operation].join(', ')}`);
      for (const field of fields)
        if (!this.usedFixes.has(`${role}=${field}`)) warnings.push(`No field "${field}" in the example for ${role}`);
    }
  }

  /** The person's fix first, then the guess; each role goes to the first field that fits. */
  private decide(path: string, key: string, value: string | number, where: 'query' | 'body', sources = 1): RoleRef | null {
    for (const [role, fields] of Object.entries(this.fixes) as [Role | 'constant', string[]][]) {
      // a full path names one field; a bare name names every field so called, unless it is a path too
      const field = fields.find((f) => f === path || (f === key && !this.paths.has(f)));
      if (field === undefined) continue;
      this.usedFixes.add(`${role}=${field}`);
      if (role === 'constant' || !this.allowed.has(role)) return null;
      this.taken.add(role);
      return withFormat(role, value);
    }
    const role = this.guess(key, value, where, sources);
    if (role === null || this.taken.has(role) || this.fixedElsewhere(role)) return null;
    this.taken.add(role);
    return withFormat(role, value);
  }

  private fixedElsewhere(role: Role): boolean {
    return (this.fixes[role]?.length ?? 0) > 0;
  }

  private guess(key: string, value: string | number, where: 'query' | 'body', sources: number): Role | null {
    const name = normalizeName(key);
    const is = (role: keyof typeof REQUEST_NAMES): boolean => this.allowed.has(role) && namedAs(role, name);
    const text = String(value);
    // a list's filters are named alike in its query and in a POSTed filter body
    if (where === 'query' || this.operation === 'contacts.list' || this.operation === 'messages.list') {
      for (const role of ['page', 'per_page', 'offset', 'cursor', 'search', 'number'] as const) {
        if (is(role)) return role === 'offset' && where === 'body' && this.offsetIsSize ? 'per_page' : role;
      }
      // a send may carry its fields in the query (Wati's ?messageText=, ?caption=)
      if (where === 'query') {
        for (const role of ['text', 'caption'] as const) if (is(role)) return role;
        // a template deletion names the template in its query (Meta's ?name=, ?hsm_id=)
        if (this.operation === 'templates.delete') for (const role of ['template_id', 'template_name'] as const) if (is(role)) return role;
        if (this.allowed.has('caption') && !this.allowed.has('text') && namedAs('text', name)) return 'caption';
        return null;
      }
    }
    if (
      this.allowed.has('number') &&
      (is('number') || (typeof value === 'string' && PHONE.test(text) && !this.taken.has('number') && !this.namedNumber))
    ) {
      if (PHONE.test(text.replace(/[\s()-]/g, ''))) return 'number';
      // a document's placeholder (`<RECIPIENT>`, `{{Recipient-Phone-Number}}`) in a field named like the recipient
      if (is('number') && PLACEHOLDER.test(text)) return 'number';
    }
    if (typeof value !== 'string') return null;
    // a template's name and language are told by their values' shapes as well as their names
    if (this.operation === 'messages.template') {
      if (is('template_language') && TEMPLATE_LANGUAGE.test(text)) return 'template_language';
      if (is('template_name') && (TEMPLATE_NAME.test(text) || CONTENT_SID.test(text))) return 'template_name';
      return null;
    }
    // a quoted message's id, a reaction's target and its emoji are told by their names alone
    for (const role of ['quoted_id', 'reaction_to', 'emoji', 'read_id'] as const) if (is(role)) return role;
    const media = this.operation === 'messages.audio' ? 'audio' : 'media';
    if (this.allowed.has(media) && (URL_VALUE.test(text) || (BASE64.test(text) && text.length >= 24))) {
      // one field for the bytes: it takes a URL or base64, as the person chooses
      if (sources <= 1) return media;
      if (/base64|data|content|file$/i.test(key) && !URL_VALUE.test(text)) return `${media}_base64`;
      return URL_VALUE.test(text) ? `${media}_url` : `${media}_base64`;
    }
    if (this.allowed.has('mimetype') && (is('mimetype') || MIMETYPE.test(text)) && MIMETYPE.test(text)) return 'mimetype';
    if (this.allowed.has('mediatype') && ['mediatype', 'mediatypes'].includes(name) && /^(image|document|video|file)$/i.test(text))
      return 'mediatype';
    // a flat body's kind (`"type":"image"` beside its link): a sample, the kind being sent
    if (this.allowed.has('mediatype') && FLAT_KIND_NAMES.includes(name) && EXAMPLE_KINDS.includes(text)) return 'mediatype';
    if (is('file_name') && /\.[a-z0-9]{1,5}$/i.test(text)) return 'file_name';
    if (is('caption')) return 'caption';
    // the text that goes with a file is its caption (Twilio's Body beside MediaUrl)
    if (this.allowed.has('caption') && !this.allowed.has('text') && namedAs('text', name)) return 'caption';
    if (is('text')) return 'text';
    return null;
  }
}

/**
 * A path segment that reads as a bot token or an access token (`/bot123456:AAH…/sendMessage`):
 * mixed-case letters and digits, long, as generated secrets are. Ids (digits, lower- or
 * upper-case hex, UUIDs) do not look so. Refused, naming its position, never its value.
 */
function rejectTokenInPath(path: string): void {
  path.split('/').forEach((segment, i) => {
    const text = segment.replace(/^bot/, '');
    // several letters of each case: a Twilio account id (AC + lower-case hex) is not a token
    const count = (re: RegExp): number => (text.match(re) ?? []).length;
    const token =
      text.length >= 24 && /^[A-Za-z0-9:_-]+$/.test(text) && count(/[0-9]/g) > 0 && count(/[a-z]/g) >= 4 && count(/[A-Z]/g) >= 4;
    if (!token) return;
    throw new CrmError(
      'validation',
      `Path segment ${i} of the example looks like a secret token (long, mixed-case letters and digits); the app keeps keys only ` +
        `in the keychain and cannot send one in the path yet, so this example was not used (nothing was stored)`,
    );
  });
}

/** Body field names that hold a credential: `api_key`, `client_secret`, `auth.password`, `token`. */
const SECRET_FIELD =
  /^(api[-_]?key|apikey|api[-_]?token|access[-_]?token|auth[-_]?token|token|secret|client[-_]?secret|password|passwd|pass|private[-_]?key)$/i;

/**
 * A credential written into the example's body is never kept as a constant (it would be stored
 * with the profile and sent, shown and exported with every request), and the app cannot put the
 * keychain's key into a body yet: the example is refused, naming the field, never its value.
 */
function rejectSecretField(path: string, key: string, value: unknown): void {
  if (!SECRET_FIELD.test(key) || (typeof value === 'string' && value.trim() === '')) return;
  throw new CrmError(
    'validation',
    `The example's body carries a credential in ${path.slice(0, 80)}; the app keeps keys only in the keychain and cannot send ` +
      `one in a body field yet, so this example was not used (nothing was stored). Services that take the key in a header, HTTP ` +
      `Basic or the query work.`,
  );
}

/** A -F file part of the example: only its name is known (the file itself is never read). */
class FileExample {
  constructor(readonly fileName: string) {}
}

/** -F parts as a flat object to map (a name given twice becomes a list), file parts as FileExample. */
function multipartExample(parts: readonly FormPart[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    const value = isFilePart(part) ? new FileExample(part.filename ?? basename(part.file)) : part.value;
    const earlier = out[part.name];
    out[part.name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return out;
}

/** Whether a normalised field name is one services use for `role`, whatever the operation allows. */
function namedAs(role: keyof typeof REQUEST_NAMES, name: string): boolean {
  return (REQUEST_NAMES[role] as readonly string[]).some((known) => normalizeName(known) === name);
}

function hasNamedNumber(body: unknown): boolean {
  const walk = (node: unknown, key: string): boolean => {
    if (Array.isArray(node)) return node.some((item) => walk(item, key));
    if (typeof node === 'object' && node !== null) return Object.entries(node).some(([name, child]) => walk(child, name));
    return namedAs('number', normalizeName(key)) && PHONE.test(String(node).replace(/[\s()-]/g, ''));
  };
  return walk(body, '');
}

function allPaths(body: unknown): Set<string> {
  const paths = new Set<string>();
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (typeof node === 'object' && node !== null && !(node instanceof JsonNumberText))
      for (const [name, child] of Object.entries(node)) walk(child, path === '' ? name : `${path}.${name}`);
    else paths.add(path);
  };
  walk(body, '');
  return paths;
}

/** How many leaves look like the file's bytes (URL or base64): one means one field takes either. */
function countSources(body: unknown): number {
  let count = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null && !(node instanceof JsonNumberText)) Object.values(node).forEach(walk);
    else if (typeof node === 'string' && (URL_VALUE.test(node) || (BASE64.test(node) && node.length >= 24))) count += 1;
  };
  walk(body);
  return count;
}

/** The example's way of writing the number (`+5511...`, `5511...@c.us`) becomes the role's format. */
function withFormat(role: Role, value: string | number): RoleRef {
  if (role !== 'number') return { $role: role };
  const match = PHONE.exec(String(value).replace(/[\s()-]/g, ''));
  const ref: RoleRef = { $role: 'number' };
  if (match?.[1]) ref.prefix = match[1];
  if (match?.[3]) ref.suffix = match[3];
  return ref;
}
