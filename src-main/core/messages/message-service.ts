// MessageService: sends text, media and voice notes. Every send carries an Idempotency-Key (a
// fresh UUID unless the caller reuses one); when the API cannot be reached the same operation,
// with the same key, goes to the durable outbox, so a later resend can never create a second
// message.
import { readableJson } from '../http/sender';
import type { ApiResponse, HttpSender } from '../http/sender';
import type { PreparedRequest } from '../http/prepared-request';
import type { FileStaging } from '../files/staging';
import { callWithKey, isUnreachable } from '../keys/api-call';
import type { ApiCallOptions } from '../keys/api-call';
import type { Profile, RequestProblem, SavedKey, SentMessage } from '../model';
import type { ListMessagesInput, Operation } from '../operations';
import { parseMessagePage } from '../parse/message';
import { sentMessageOf, unreadableNote } from './sent-message';
import type { Delivery, SendRecorder } from './sent-record';
import type { ProfileManager } from '../profiles/profile-manager';
import { readUploadedId } from '../api/answers/read-upload';
import { CrmError } from '../errors';
import { buildRequest, prepareRequest } from '../request/request-builder';
import { needsUpload, operationSpec } from '../request/operation-spec';
import type { KeyAccess, MessageService, OutboxService, SendCallOptions, SendResult } from '../services';

type SendOperation = Extract<Operation, { idempotencyKey: string }>;

export interface MessageServiceDeps {
  profiles: ProfileManager;
  keyAccess: KeyAccess;
  sender: HttpSender;
  /** where a send goes when the API cannot be reached; absent: the network error is thrown */
  outbox?: OutboxService;
  /** keeps a staged file alive for a queued send (see FileStaging.pinForOutbox) */
  files?: Pick<FileStaging, 'pinForOutbox'>;
  /** told of every send the service took (this app's record of what it sent) */
  history?: SendRecorder;
  /** what could not be recorded, for the app log (never a key value) */
  log?: (message: string) => void;
  /**
   * throws when the message's text, caption or parameters hold a saved key's value
   * (KeyLeaks.refuseKeysIn): such a send is refused, never sent or queued
   */
  refuseKeysIn?: (input: unknown) => Promise<void>;
}

export class MessageServiceImpl implements MessageService {
  private readonly profiles: ProfileManager;
  private readonly keyAccess: KeyAccess;
  private readonly sender: HttpSender;
  private readonly outbox: OutboxService | undefined;
  private readonly files: Pick<FileStaging, 'pinForOutbox'> | undefined;
  private readonly history: SendRecorder | undefined;
  private readonly log: ((message: string) => void) | undefined;
  private readonly refuseKeysIn: (input: unknown) => Promise<void>;

  constructor(deps: MessageServiceDeps) {
    this.profiles = deps.profiles;
    this.keyAccess = deps.keyAccess;
    this.sender = deps.sender;
    this.outbox = deps.outbox;
    this.files = deps.files;
    this.history = deps.history;
    this.log = deps.log;
    this.refuseKeysIn = deps.refuseKeysIn ?? (() => Promise.resolve());
  }

  async prepare(op: Operation, profileId?: string): Promise<{ request: PreparedRequest; problems: RequestProblem[] }> {
    const profile = await this.profiles.resolve(profileId);
    return prepareRequest(op, profile);
  }

  async list(input: ListMessagesInput & { profileId?: string }): Promise<{ items: SentMessage[]; total: number | null }> {
    const { profileId, ...query } = input;
    const profile = await this.profiles.resolve(profileId);
    const request = await buildRequest({ op: 'messages.list', input: query }, profile);
    const response = await callWithKey({ keyAccess: this.keyAccess, sender: this.sender }, profile, null, request);
    const page = parseMessagePage(readableJson(response));
    return { items: page.items, total: page.total };
  }

  /** a queued file send gets its own copy of the file, which outlives the process and cannot change before the send goes */
  private async enqueue(
    outbox: OutboxService,
    input: { profileId: string; keyId: string | null; op: SendOperation; label: string; request: PreparedRequest; baseUrl: string },
  ) {
    const { op } = input;
    const source = 'source' in op.input ? op.input.source : null;
    const pinned = source?.kind === 'file' && this.files ? await this.files.pinForOutbox(source.path) : null;
    if (!pinned) return outbox.enqueueMessage(input);
    const queuedOp = { ...op, input: { ...op.input, source: { kind: 'file', path: pinned.path } } } as SendOperation;
    // the queued request reads the pinned copy (same bytes), not the staged file that goes away
    const body = input.request.body;
    const request =
      body?.kind === 'json-with-file'
        ? { ...input.request, body: { ...body, filePath: pinned.path } }
        : body?.kind === 'multipart'
          ? {
              ...input.request,
              body: { ...body, parts: body.parts.map((part) => ('filePath' in part ? { ...part, filePath: pinned.path } : part)) },
            }
          : input.request;
    try {
      const item = await outbox.enqueueMessage({ ...input, op: queuedOp, request });
      await pinned.attach(item.id);
      return item;
    } catch (err) {
      await pinned.discard();
      throw err;
    }
  }

  /** Sends now; when the API is unreachable the same operation, same key, goes to the outbox. */
  async send(op: SendOperation, options: Omit<SendCallOptions, 'idempotencyKey'> = {}): Promise<SendResult> {
    const profile = await this.profiles.resolve(options.profileId);
    // A local problem (bad number, file too large) is thrown here, before any key is read.
    let request = await buildRequest(op, profile);
    // before any key is read or anything queued: a send must never carry a key's value out
    await this.refuseKeysIn(op.input);
    let used: SavedKey | null = null;
    const callOptions: ApiCallOptions = {
      onKey: (meta) => {
        used = meta;
      },
    };
    if (options.signal) callOptions.signal = options.signal;
    if (options.onProgress) callOptions.onProgress = options.onProgress;
    const uploadFirst = needsUpload(op, profile);
    let response: ApiResponse;
    try {
      if (uploadFirst) request = await this.uploadFirst(op, profile, callOptions);
      response = await callWithKey({ keyAccess: this.keyAccess, sender: this.sender }, profile, null, request, callOptions);
    } catch (err) {
      // a file that goes up first is not queued: its upload would have to be repeated blind
      if (uploadFirst && isUnreachable(err))
        throw new CrmError(
          err.code,
          `${err.message}. A file this service takes by upload is not kept in the outbox: send it again when the service is back.`,
          { ...(err.status === undefined ? {} : { status: err.status }) },
        );
      if (!isUnreachable(err) || options.queueWhenOffline === false || !this.outbox) throw err;
      const keyId = (used as SavedKey | null)?.id ?? null;
      const item = await this.enqueue(this.outbox, {
        profileId: profile.id,
        keyId,
        op,
        label: op.input.number,
        request,
        baseUrl: profile.baseUrl,
      });
      return {
        status: 'queued',
        outboxId: item.id,
        reason:
          `The API could not be reached (${err.message}). The message is in the outbox and will be sent, with the same ` +
          `Idempotency-Key, when the API is back.`,
      };
    }
    const message = sentMessageOf(op, profile, response);
    // a replayed answer: the server already had this message (same Idempotency-Key), nothing new was created
    await this.remember({ profileId: profile.id, op, message, origin: response.replayed ? 'replayed' : 'sent' });
    const note = unreadableNote(response);
    return { status: 'sent', message, durationMs: response.durationMs, replayed: response.replayed, ...(note === null ? {} : { note }) };
  }

  /**
   * Uploads the send's file with the profile's Upload media operation and answers the send's
   * request carrying the id the upload gave back (the same Idempotency-Key as before).
   */
  private async uploadFirst(op: SendOperation, profile: Profile, callOptions: ApiCallOptions): Promise<PreparedRequest> {
    if ((op.op !== 'messages.media' && op.op !== 'messages.audio') || op.input.source.kind !== 'file')
      throw new CrmError('validation', 'Only a local file is uploaded first');
    const input = op.input;
    const upload = await buildRequest(
      {
        op: 'media.upload',
        input: {
          source: input.source as { kind: 'file'; path: string },
          mediatype: op.op === 'messages.media' ? op.input.mediatype : 'audio',
          ...(input.mimetype === undefined ? {} : { mimetype: input.mimetype }),
          ...(op.op === 'messages.media' && op.input.fileName !== undefined ? { fileName: op.input.fileName } : {}),
        },
      },
      profile,
    );
    const answer = await callWithKey({ keyAccess: this.keyAccess, sender: this.sender }, profile, null, upload, callOptions);
    const id = readUploadedId(readableJson(answer), operationSpec(profile, 'media.upload').upload?.mediaId);
    return buildRequest(op, profile, { uploadedMediaId: id });
  }

  /** The record is for display: failing to write it never turns a sent message into an error. */
  private async remember(delivery: Delivery): Promise<void> {
    if (!this.history) return;
    try {
      await this.history.record(delivery);
    } catch (err) {
      this.log?.(`message history: a sent message could not be recorded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
