// The one request builder (ARCHITECTURE.md invariant 8): an Operation plus a profile's base URL
// and path overrides -> a PreparedRequest. The undici sender and the cURL exporter both consume
// its output. Pure apart from stat-ing a chosen file and reading its first few KB to sniff the
// mimetype; a file is never read whole here (the sender streams it).
//
// prepareRequest is lenient: it always returns a request (for previews) plus the problems that
// would stop a send. buildRequest throws a CrmError when there is any problem.
import { basename, resolve } from 'node:path';
import type { MediaType } from '../shared/file-purpose';
import { tooLargeMessage } from '../shared/file-size-problem';
import { LIMITS, byteLimitFor, charCount } from '../shared/limits';
import { offeredMediaKinds, usesKindKey } from '../shared/media-kinds';
import { isDescribedOperation } from '../shared/operation-ids';
import { PERMISSIONS } from '../shared/permissions';
import { templateProblems } from '../shared/template-rules';
import { DEFAULT_OPERATIONS } from './api/defaults';
import { OPERATION_ROLES, ROLE_LABELS, missingRoles } from './api/roles';
import { DESCRIBED_ONLY } from './api/defaults';
import { encodeFormBody } from './api/form-body';
import { bodyContentType, fileBody, jsonBody, multipartBody, MULTIPART_FILE } from './request-bodies';
import { renderPath, renderQuery, renderTemplate, rolesOf } from './api/template';
import type { RoleValues } from './api/template';
import type { ApiDescription, CredentialPlacement, DescribedOperation, OperationSpec, Role } from './api/types';
import { ENDPOINTS, checkEndpointPath, resolveEndpointPath, wellFormed } from './endpoints';
import { CrmError } from './errors';
import type { HttpMethod, PreparedBody, PreparedRequest } from './http/prepared-request';
import type { FileAccess } from './media/file-access';
import { memoByText } from './memo';
import { probeFile } from './media/file-probe';
import { AUDIO_MIMETYPES, IMAGE_MIMETYPES, baseMimetype, isMimetype, mimetypeFromName, toAudioMimetype } from './media/mimetypes';
import type { EndpointId, EndpointOverrides, RequestProblem } from './model';
import type { MediaSource, Operation } from './operations';
import { checkPhone, searchTerm } from './phone';
import { loggedSendOf } from './logged-send';

/** Where and how to ask: a Profile satisfies it. */
export interface RequestTarget {
  /** http(s) origin plus optional path prefix */
  baseUrl: string;
  endpointOverrides: EndpointOverrides;
  /** the profile's API description; absent or null: API.md */
  api?: ApiDescription | null;
  /** the profile's id: carried on the request so the request log can say whose request it was */
  id?: string;
}

/** The spec an operation is built from: the profile's own, else API.md's with its path override. */
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
  return target.api?.absent?.includes(id) !== true;
}

/**
 * A send whose local file goes up first (the service's upload operation answers an id, and the
 * send carries that id: Meta's /media then `{"image":{"id"}}`), because its description has no
 * field for the file's bytes but one for an uploaded id.
 */
export function needsUpload(op: Operation, target: RequestTarget): boolean {
  if ((op.op !== 'messages.media' && op.op !== 'messages.audio') || op.input.source.kind !== 'file') return false;
  const roles = rolesOf(operationSpec(target, op.op));
  const kind = op.op === 'messages.media' ? 'media' : 'audio';
  return !roles.has(kind) && !roles.has(`${kind}_base64`) && roles.has('media_id') && isOffered(target, 'media.upload');
}

/** What stands for the uploaded id in a preview, before the upload has answered. */
export const UPLOADED_ID_PLACEHOLDER = 'MEDIA_ID_FROM_UPLOAD';

export interface BuilderDeps {
  /** file access port; tests pass a counting one */
  files?: FileAccess;
  /** the id the upload operation answered for this send's file (needsUpload) */
  uploadedMediaId?: string;
}

/** The CrmError code buildRequest throws for a set of problems. */
export type BuildErrorCode = 'validation' | 'file_too_large' | 'file_unreadable';

export interface PreparedResult {
  request: PreparedRequest;
  /** problems that would stop a send; field names are the Operation's input names */
  problems: RequestProblem[];
  /** null when there are no problems */
  errorCode: BuildErrorCode | null;
}

interface Problem extends RequestProblem {
  code: BuildErrorCode;
}

const MAX_SEARCH_CHARS = 1000;
const MAX_FILE_NAME_CHARS = 255;
const MAX_URL_CHARS = 8192;

class Problems {
  readonly list: Problem[] = [];
  /** a field problem: "<label> <message>" reads as a sentence, e.g. "Number is too short: ..." */
  field(field: string, message: string, label = field): void {
    this.list.push({ field, message, code: 'validation', sentence: `${label} ${message}` });
  }
  /** a problem with the chosen file; its message names the file and reads on its own */
  file(code: BuildErrorCode, message: string): void {
    this.list.push({ field: 'source', message, code, sentence: message });
  }
  /** a problem whose message already reads on its own */
  sentence(field: string, message: string): void {
    this.list.push({ field, message, code: 'validation', sentence: message });
  }
}

export async function prepareRequest(op: Operation, target: RequestTarget, deps: BuilderDeps = {}): Promise<PreparedResult> {
  const { request, problems } = await prepare(op, target, deps);
  return {
    request: forProfile(request, target),
    problems: problems.map(withoutCode),
    errorCode: problems.length === 0 ? null : errorCodeOf(problems),
  };
}

/** the request stamped with the profile it was built for, when the target is a profile */
function forProfile(request: PreparedRequest, target: RequestTarget): PreparedRequest {
  return target.id === undefined ? request : { ...request, profileId: target.id };
}

/** Like prepareRequest, but throws CrmError (validation, file_too_large, file_unreadable) on any problem. */
export async function buildRequest(op: Operation, target: RequestTarget, deps: BuilderDeps = {}): Promise<PreparedRequest> {
  const { request, problems } = await prepare(op, target, deps);
  if (problems.length === 0) return forProfile(request, target);
  const message = problems.map((p) => p.sentence).join('; ');
  throw new CrmError(errorCodeOf(problems), message, { details: problems.map(withoutCode) });
}

/** what leaves the builder: the field, its message and the whole sentence the window shows as is */
function withoutCode({ field, message, sentence }: Problem): RequestProblem {
  return { field, message, sentence };
}

async function prepare(op: Operation, target: RequestTarget, deps: BuilderDeps): Promise<{ request: PreparedRequest; problems: Problem[] }> {
  const problems = new Problems();
  if (isDescribedOperation(op.op)) return prepareDescribed(op as DescribedOp, target, deps, problems);
  const spec = ENDPOINTS[op.op];
  let body: PreparedBody | null = null;
  let pathParams: Record<string, string> = {};
  switch (op.op) {
    case 'keys.list':
      break;
    case 'keys.create': {
      const name = op.input.name;
      const length = charCount(name);
      if (name.trim() === '') problems.field('name', 'is empty', 'Key name');
      else if (length > LIMITS.keyNameChars) problems.field('name', `is too long: ${length} characters, at most ${LIMITS.keyNameChars}`, 'Key name');
      const permissions = op.input.permissions;
      if (permissions !== undefined) {
        const unknown = permissions.filter((p) => !PERMISSIONS.includes(p));
        if (unknown.length > 0) problems.field('permissions', `has unknown permissions: ${unknown.map((p) => String(p).slice(0, 40)).join(', ')}`, 'Permissions');
      }
      body = jsonBody({ name, ...(permissions === undefined ? {} : { permissions: [...new Set(permissions)] }) });
      break;
    }
    case 'keys.delete': {
      const id = op.input.id;
      if (id.trim() === '') problems.field('id', 'is empty', 'Key id');
      else if (id.length > 200) problems.field('id', 'is too long', 'Key id');
      pathParams = { id };
      break;
    }
  }
  const resolved = resolveEndpointPath(op.op, target.endpointOverrides, pathParams);
  if (resolved.problem) problems.sentence(resolved.problem.field, resolved.problem.message);
  const url = joinUrl(target.baseUrl, resolved.path, [], problems);
  return { request: finish(op.op, spec.method, url, [], body, null), problems: problems.list };
}

type DescribedOp = Extract<Operation, { op: DescribedOperation }>;

/** Contacts and messages: the operation's values, poured into the profile's description. */
async function prepareDescribed(op: DescribedOp, target: RequestTarget, deps: BuilderDeps, problems: Problems): Promise<{ request: PreparedRequest; problems: Problem[] }> {
  const spec = operationSpec(target, op.op);
  if (!isOffered(target, op.op)) problems.sentence('api', `This service does not offer ${ENDPOINTS[op.op].label} (Profiles → API says so)`);
  const override = target.api?.operations[op.op] === undefined ? target.endpointOverrides[op.op] : undefined;
  const overrideProblem = override === undefined ? null : checkEndpointPath(op.op, override);
  if (overrideProblem !== null) problems.sentence(`endpointOverrides.${op.op}`, `The path override ${overrideProblem}; using ${spec.path}`);
  const roles = rolesOf(spec);
  for (const { sentence } of missingRoles(op.op, roles)) problems.sentence('api', `The API description of ${ENDPOINTS[op.op].label} is incomplete: ${sentence}. Fix it in Profiles → API`);
  const values: RoleValues = {};
  let file: { path: string; size: number } | null = null;
  let idempotencyKey: string | null = null;

  switch (op.op) {
    case 'contacts.list': {
      const { page, perPage, search, cursor } = op.input;
      checkPage(page, problems);
      checkPerPage(perPage, problems);
      if (search !== undefined && charCount(search) > MAX_SEARCH_CHARS) problems.field('search', `must be at most ${MAX_SEARCH_CHARS} characters`, 'Search');
      pagingValues(values, page, perPage);
      // a number written with separators is searched by its digits, as services store numbers
      if (search !== undefined && search.trim() !== '') values.search = searchTerm(search);
      if (cursor !== undefined && cursor !== '') values.cursor = cursor;
      break;
    }
    case 'messages.list': {
      const { page, perPage } = op.input;
      const number = op.input.number;
      if (number !== undefined && number.trim() !== '') values.number = recipient(number, problems);
      checkPage(page, problems);
      checkPerPage(perPage, problems);
      pagingValues(values, page, perPage);
      break;
    }
    case 'messages.text': {
      values.number = recipient(op.input.number, problems);
      const length = charCount(op.input.text);
      if (length === 0) problems.field('text', 'is empty', 'Text');
      else if (length > LIMITS.textChars) problems.field('text', `is too long: ${length} characters, at most ${LIMITS.textChars}`, 'Text');
      values.text = op.input.text;
      idempotencyKey = checkIdempotencyKey(op.idempotencyKey, problems);
      break;
    }
    case 'messages.media': {
      const input = op.input;
      values.number = recipient(input.number, problems);
      const kinds = offeredMediaKinds(spec);
      if (!kinds.includes(input.mediatype)) problems.field('mediatype', `must be ${kinds.map((k) => `"${k}"`).join(' or ')}: this service's Send Media takes those`, 'Media type');
      const caption = input.caption ?? '';
      if (caption !== '' && input.mediatype === 'sticker') problems.field('caption', 'cannot go with a sticker: WhatsApp shows none', 'Caption');
      const captionLength = charCount(caption);
      if (captionLength > LIMITS.captionChars) problems.field('caption', `is too long: ${captionLength} characters, at most ${LIMITS.captionChars}`, 'Caption');
      if (caption !== '' && !roles.has('caption')) problems.sentence('caption', 'This service\'s Send Media has no caption field (see Profiles → API); clear the caption or map a field to it');
      const media = await mediaPayload(input.source, input.mediatype, input.mimetype, input.fileName, problems, deps);
      Object.assign(values, { mediatype: input.mediatype, mimetype: media.mimetype });
      // where the kind picks the body's key, only a document carries a file name (WhatsApp's own rule)
      if (!usesKindKey(spec.body) || input.mediatype === 'document') values.file_name = media.fileName;
      if (caption !== '') values.caption = caption;
      file = sourceValues(values, 'media', media, roles, problems, uploadOf(target, deps), spec.encoding === 'multipart');
      idempotencyKey = checkIdempotencyKey(op.idempotencyKey, problems);
      break;
    }
    case 'messages.audio': {
      values.number = recipient(op.input.number, problems);
      const audio = await audioPayload(op.input.source, op.input.mimetype, problems, deps);
      values.mimetype = audio.mimetype;
      if (audio.fileName !== '') values.file_name = audio.fileName;
      file = sourceValues(values, 'audio', audio, roles, problems, uploadOf(target, deps), spec.encoding === 'multipart');
      idempotencyKey = checkIdempotencyKey(op.idempotencyKey, problems);
      break;
    }
    case 'messages.template': {
      const input = op.input;
      values.number = recipient(input.number, problems);
      for (const { field, label, message } of templateProblems(input)) problems.field(field, message, label);
      Object.assign(values, { template_name: input.name, template_language: input.language, template_param: [...input.params] });
      // a description learned from an example without parameters has nowhere to put them
      if (input.params.length > 0 && !roles.has('template_param')) {
        problems.sentence('params', "This service's Send Template has no field for parameters (see Profiles → API): import an example with a parameter, or map a field to the template parameter");
      }
      idempotencyKey = checkIdempotencyKey(op.idempotencyKey, problems);
      break;
    }
    case 'media.upload': {
      const input = op.input;
      const payload =
        input.mediatype === 'audio'
          ? await audioPayload(input.source, input.mimetype, problems, deps)
          : await mediaPayload(input.source, input.mediatype, input.mimetype, input.fileName, problems, deps);
      Object.assign(values, { mediatype: input.mediatype, mimetype: payload.mimetype, file_name: input.fileName ?? payload.fileName });
      file = payload.file;
      if (roles.has('media')) values.media = FILE_SLOT;
      else if (roles.has('media_base64')) values.media_base64 = FILE_SLOT;
      break;
    }
  }
  // keep only what this operation may fill (a stored description cannot pull in other values)
  const allowed = new Set<Role>(OPERATION_ROLES[op.op]);
  for (const role of Object.keys(values) as Role[]) if (!allowed.has(role)) delete values[role];

  const url = joinUrl(target.baseUrl, checkedPath(spec, op.op, values, problems), renderQuery(spec, values), problems);
  let body: PreparedBody | null = null;
  if (spec.body !== null && spec.encoding === 'multipart') {
    body = multipartBody(renderTemplate(spec.body, file === null ? values : { ...values, ...placeholderValues(values, MULTIPART_FILE) }), file, values);
  } else if (spec.body !== null && spec.encoding === 'form') {
    // a form has no room for a file's bytes here: such services take media by URL
    if (file !== null) problems.sentence('source', `This service takes ${op.op === 'messages.audio' ? 'audio' : 'media'} by URL (its body is a form): give the file's https:// URL`);
    body = { kind: 'form', text: encodeFormBody(renderTemplate(spec.body, file === null ? values : { ...values, ...placeholderValues(values, '') })) };
  } else if (spec.body !== null) {
    body = file === null ? jsonBody(renderTemplate(spec.body, values)) : fileBody((placeholder) => renderTemplate(spec.body!, { ...values, ...placeholderValues(values, placeholder) }), file);
  }
  const request = finish(op.op, spec.method, url, spec.headers, body, idempotencyKey, spec.credential);
  const sent = loggedSendOf(op);
  return { request: sent === null ? request : { ...request, sent }, problems: problems.list };
}

function finish(
  endpoint: EndpointId,
  method: HttpMethod,
  url: string,
  extra: { name: string; value: string }[],
  body: PreparedBody | null,
  idempotencyKey: string | null,
  credential?: CredentialPlacement,
): PreparedRequest {
  const headers: Record<string, string> = { Accept: 'application/json' };
  for (const { name, value } of extra) headers[name] = value;
  if (body !== null) headers['Content-Type'] = bodyContentType(body);
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;
  const request: PreparedRequest = { endpoint, method, url, headers, body, idempotencyKey, retrySafe: method === 'GET' || idempotencyKey !== null };
  return credential === undefined ? request : { ...request, credential };
}

/** page, per_page and the offset they imply; each is used only where the description asks for it. */
function pagingValues(values: RoleValues, page: number | undefined, perPage: number | undefined): void {
  if (page !== undefined) values.page = page;
  if (perPage !== undefined) values.per_page = perPage;
  if (page !== undefined && perPage !== undefined) values.offset = (page - 1) * perPage;
  else if (page === undefined && perPage !== undefined) values.offset = 0;
}

/** The description's path with its roles written in, or API.md's when it is unusable (reported). */
function checkedPath(spec: OperationSpec, id: DescribedOperation, values: RoleValues, problems: Problems): string {
  const { path, missing } = renderPath(spec, values);
  for (const role of missing) problems.sentence('api', `The API path of ${ENDPOINTS[id].label} needs the ${ROLE_LABELS[role]}, which this send does not have`);
  const reason = checkEndpointPath(id, path);
  if (reason === null) return path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/g, (c) => encodeURIComponent(wellFormed(c)));
  problems.sentence('api', `The API path of ${ENDPOINTS[id].label} ${reason}`);
  return DEFAULT_OPERATIONS[id].path;
}

const FILE_SLOT = 'crm-file-slot';

/**
 * Puts a URL or a file into the roles the description has for it: `media`/`audio` take either,
 * `_url` only a URL, `_base64` only a file. A file's base64 is a placeholder here (see fileBody).
 */
/** Whether this profile can upload a file first, and the id an upload already answered. */
function uploadOf(target: RequestTarget, deps: BuilderDeps): { available: boolean; id: string | undefined } {
  return { available: isOffered(target, 'media.upload'), id: deps.uploadedMediaId };
}

function sourceValues(
  values: RoleValues,
  kind: 'media' | 'audio',
  payload: Payload,
  roles: ReadonlySet<Role>,
  problems: Problems,
  upload: { available: boolean; id: string | undefined },
  multipart: boolean,
): { path: string; size: number } | null {
  const either = kind;
  const urlRole: Role = kind === 'media' ? 'media_url' : 'audio_url';
  const fileRole: Role = kind === 'media' ? 'media_base64' : 'audio_base64';
  const what = kind === 'media' ? 'Send Media' : 'Send Audio';
  if (payload.file === null) {
    // a multipart body's file field takes the file itself (Wati's sendSessionFile)
    if (roles.has(either) && multipart) problems.sentence('source', `This service's ${what} takes the file itself (an upload), not a URL: choose a file`);
    else if (roles.has(either)) values[either] = payload.url;
    else if (roles.has(urlRole)) values[urlRole] = payload.url;
    else if (roles.has(fileRole)) problems.sentence('source', `This service's ${what} takes a file, not a URL (see Profiles → API): choose a file`);
    else if (roles.has('media_id')) problems.sentence('source', `This service's ${what} takes an uploaded file, not a URL (see Profiles → API): choose a file`);
    return null;
  }
  if (roles.has(either)) values[either] = FILE_SLOT;
  else if (roles.has(fileRole)) values[fileRole] = FILE_SLOT;
  else if (roles.has('media_id') && upload.available) {
    // the file goes up first (its own request); this one carries the id that upload answered
    values.media_id = upload.id ?? UPLOADED_ID_PLACEHOLDER;
    return null;
  } else {
    if (roles.has('media_id')) {
      problems.sentence('source', `This service's ${what} takes a file only after an upload, and this profile has no Upload media operation: import the service's upload cURL in Profiles → API, or give the file's https:// URL`);
    } else if (roles.has(urlRole)) problems.sentence('source', `This service's ${what} takes a URL, not a file (see Profiles → API): give the file's https:// URL`);
    // no field takes the bytes: the body carries no file (the problem above says why)
    return null;
  }
  return payload.file;
}

function placeholderValues(values: RoleValues, placeholder: string): RoleValues {
  const out: RoleValues = {};
  for (const [role, value] of Object.entries(values) as [Role, unknown][]) if (value === FILE_SLOT) out[role] = placeholder;
  return out;
}

function errorCodeOf(problems: Problem[]): BuildErrorCode {
  if (problems.some((p) => p.code === 'file_unreadable')) return 'file_unreadable';
  if (problems.some((p) => p.code === 'file_too_large')) return 'file_too_large';
  return 'validation';
}

function recipient(input: string, problems: Problems): string {
  const phone = checkPhone(input);
  if (!phone.ok) problems.field('number', phone.message, 'Number');
  return phone.number;
}

function checkPage(page: number | undefined, problems: Problems): void {
  if (page !== undefined && (!Number.isSafeInteger(page) || page < 1)) problems.field('page', 'must be a whole number from 1', 'Page');
}

function checkPerPage(perPage: number | undefined, problems: Problems): void {
  if (perPage !== undefined && (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > LIMITS.perPageMax)) {
    problems.field('perPage', `must be a whole number from 1 to ${LIMITS.perPageMax}`, 'Per page');
  }
}

function checkIdempotencyKey(key: string, problems: Problems): string {
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) problems.field('idempotencyKey', 'must be 1 to 255 visible ASCII characters', 'Idempotency-Key');
  // never put a header-breaking value into the request, even for a preview
  return /^[\x20-\x7e]*$/.test(key) ? key : key.replace(/[^\x20-\x7e]/g, '?');
}

interface Payload {
  mimetype: string;
  fileName: string;
  /** the URL for a URL source ('' for a file) */
  url: string;
  file: { path: string; size: number } | null;
}

async function mediaPayload(
  source: MediaSource,
  mediatype: MediaType,
  givenMimetype: string | undefined,
  givenFileName: string | undefined,
  problems: Problems,
  deps: BuilderDeps,
): Promise<Payload> {
  const limit = byteLimitFor(mediatype);
  if (source.kind === 'file') {
    const path = resolve(source.path);
    const fileName = checkFileName(givenFileName ?? basename(path), problems);
    const probe = await probeFile(path, { maxBytes: limit, files: deps.files });
    if (!probe.ok) {
      problems.file('file_unreadable', probe.message);
      return { mimetype: givenMimetype ?? 'application/octet-stream', fileName, url: '', file: { path, size: 0 } };
    }
    const file = { path, size: probe.size };
    if (probe.tooLarge) {
      problems.file('file_too_large', tooLargeMessage(probe.name, probe.size, mediatype));
      return { mimetype: givenMimetype ?? probe.mimetype, fileName, url: '', file };
    }
    if (probe.size === 0) problems.file('validation', `${probe.name} is empty`);
    let mimetype = probe.mimetype;
    if (!probe.recognised && givenMimetype !== undefined && isMimetype(baseMimetype(givenMimetype))) mimetype = baseMimetype(givenMimetype);
    if (mediatype === 'image' && probe.category !== 'image') {
      const what = probe.mimetype.startsWith('image/') ? `is ${probe.mimetype}, which cannot be sent as an image` : `is not an image (its bytes look like ${probe.mimetype})`;
      problems.file('validation', `${probe.name} ${what}; send it as a document, or choose a JPEG, PNG, GIF or WebP`);
    }
    const kindProblem = kindMismatch(mediatype, probe.mimetype);
    if (kindProblem !== null) problems.file('validation', `${probe.name} ${kindProblem}`);
    return { mimetype, fileName, url: '', file };
  }
  const url = checkMediaUrl(source.url, problems);
  const fileName = checkFileName(givenFileName ?? fileNameFromUrl(url), problems);
  let mimetype = givenMimetype === undefined ? mimetypeFromName(urlPath(url)) : baseMimetype(givenMimetype);
  if (mimetype === null) {
    problems.field('mimetype', 'is required: the URL does not end in a known file extension', 'Mimetype');
    mimetype = 'application/octet-stream';
  } else if (!isMimetype(mimetype)) {
    problems.field('mimetype', 'is not a valid mimetype (type/subtype)', 'Mimetype');
  } else if (mediatype === 'image' && !(IMAGE_MIMETYPES as readonly string[]).includes(mimetype)) {
    problems.field('mimetype', `must be an image type (${IMAGE_MIMETYPES.join(', ')}) for an image, not ${mimetype}`, 'Mimetype');
  } else if (kindMismatch(mediatype, mimetype) !== null) {
    problems.field('mimetype', `${kindMismatch(mediatype, mimetype)!}`, 'The media URL\'s type');
  }
  return { mimetype, fileName, url, file: null };
}

async function audioPayload(source: MediaSource, givenMimetype: string | undefined, problems: Problems, deps: BuilderDeps): Promise<Payload> {
  const allowed = `${AUDIO_MIMETYPES.join(', ')}`;
  if (source.kind === 'file') {
    const path = resolve(source.path);
    const name = basename(path);
    const probe = await probeFile(path, { maxBytes: byteLimitFor('audio'), files: deps.files });
    if (!probe.ok) {
      problems.file('file_unreadable', probe.message);
      return { mimetype: givenMimetype === undefined ? 'audio/ogg' : (toAudioMimetype(givenMimetype) ?? 'audio/ogg'), fileName: name, url: '', file: { path, size: 0 } };
    }
    const file = { path, size: probe.size };
    const sniffed = toAudioMimetype(probe.mimetype);
    const given = givenMimetype === undefined ? null : toAudioMimetype(givenMimetype);
    if (probe.tooLarge) {
      problems.file('file_too_large', tooLargeMessage(name, probe.size, 'audio'));
      return { mimetype: given ?? sniffed ?? 'audio/ogg', fileName: name, url: '', file };
    }
    if (probe.size === 0) problems.file('validation', `${name} is empty`);
    if (sniffed === null) {
      problems.file('validation', `${name} is not a supported audio file (its bytes look like ${probe.mimetype}); the API takes ${allowed}`);
      return { mimetype: given ?? 'audio/ogg', fileName: name, url: '', file };
    }
    return { mimetype: sniffed, fileName: name, url: '', file };
  }
  const url = checkMediaUrl(source.url, problems);
  const guess = givenMimetype ?? mimetypeFromName(urlPath(url));
  if (guess === null) {
    problems.field('mimetype', `is required: the URL does not end in a known audio extension (${allowed})`, 'Mimetype');
    return { mimetype: 'audio/ogg', fileName: '', url, file: null };
  }
  const mimetype = toAudioMimetype(guess);
  if (mimetype === null) {
    problems.field('mimetype', `must be one of ${allowed}, not ${baseMimetype(guess).slice(0, 100)}`, 'Mimetype');
    return { mimetype: baseMimetype(guess), fileName: '', url, file: null };
  }
  return { mimetype, fileName: '', url, file: null };
}

/** Why bytes of `mimetype` cannot go as a video or a sticker (WhatsApp: any video/*, a WebP sticker), or null. */
function kindMismatch(mediatype: MediaType, mimetype: string): string | null {
  if (mediatype === 'video' && !mimetype.startsWith('video/')) return `is ${mimetype}, not a video; send it as a document, or choose an MP4 or 3GP video`;
  if (mediatype === 'sticker' && mimetype !== 'image/webp') return `is ${mimetype}; a sticker is a WebP image`;
  return null;
}

function checkFileName(name: string, problems: Problems): string {
  const length = charCount(name);
  if (name.trim() === '') problems.field('fileName', 'is empty', 'File name');
  else if (length > MAX_FILE_NAME_CHARS) problems.field('fileName', `is too long: ${length} characters, at most ${MAX_FILE_NAME_CHARS}`, 'File name');
  // eslint-disable-next-line no-control-regex
  else if (/[/\\\u0000-\u001f\u007f]/.test(name)) problems.field('fileName', 'must not contain "/", "\\" or control characters', 'File name');
  return name;
}

function checkMediaUrl(raw: string, problems: Problems): string {
  const text = raw.trim();
  const parsed = parseUrl(text);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    problems.field('source', 'must be an http:// or https:// URL', 'Media URL');
  } else if (text.length > MAX_URL_CHARS) {
    problems.field('source', `is too long: at most ${MAX_URL_CHARS} characters`, 'Media URL');
  } else if (parsed.username !== '' || parsed.password !== '') {
    problems.field('source', 'must not contain a user name or password', 'Media URL');
  }
  return text;
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function fileNameFromUrl(url: string): string {
  const last = urlPath(url).split('/').filter((s) => s !== '').pop();
  if (last === undefined) return 'file';
  try {
    const decoded = decodeURIComponent(last);
    return /[/\\\u0000-\u001f\u007f]/.test(decoded) ? last : decoded; // eslint-disable-line no-control-regex
  } catch {
    return last;
  }
}

/** base URL (validated, credentials never kept) + path + query built with encodeURIComponent. */
function joinUrl(baseUrl: string, path: string, query: readonly (readonly [string, string | undefined])[], problems: Problems): string {
  const { base, problems: baseProblems } = checkedBase(baseUrl);
  for (const [field, message] of baseProblems) problems.field('baseUrl', message, field);
  const search = query
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(wellFormed(value))}`)
    .join('&');
  return `${base}${path}${search === '' ? '' : `?${search}`}`;
}

/** The base URL as requests use it, and what is wrong with it; the same few per profile, so remembered. */
const checkedBase = memoByText((baseUrl: string): { base: string; problems: [label: string, message: string][] } => {
  const problems: [string, string][] = [];
  let base = baseUrl.trim().replace(/\/+$/, '');
  const parsed = parseUrl(base);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    problems.push(['Base URL', 'must be an http:// or https:// URL']);
  } else {
    if (parsed.username !== '' || parsed.password !== '') problems.push(['Base URL', 'must not contain a user name or password']);
    if (parsed.search !== '' || parsed.hash !== '') problems.push(['Base URL', 'must not contain a query or fragment']);
    base = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  }
  return { base, problems };
});

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
