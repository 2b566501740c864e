// Canned responses for replies: listed, added and removed for this OS user (shared ones and
// their own), every problem said in a sentence before anything is stored. One with a file is
// sent here, as media with the filled text as its caption: the window names the canned
// response, never the file's path.
import { userInfo } from 'node:os';
import { basename, isAbsolute } from 'node:path';
import { randomUUID } from 'node:crypto';
import { cannedNameProblem, cannedTextProblem, type CannedResponse } from '../../shared/canned';
import type { MediaType } from '../../shared/file-purpose';
import { CrmError } from '../errors';
import type { FileAccess } from '../media/file-access';
import { nodeFileAccess } from '../media/file-access';
import { mimetypeFromName } from '../media/mimetypes';
import type { SendResult } from '../model';
import type { MediaSource } from '../operations';
import type { MessageService } from '../services';
import type { CannedRow, CannedTable } from '../store/tables/canned-table';

/** the OS user the personal ones belong to; an account without a name (some containers) has its uid */
export function osUserName(): string {
  try {
    const info = userInfo();
    return info.username || `uid-${info.uid}`;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/** what the window sees of a stored canned response: a file by its name only */
function shown(row: CannedRow): CannedResponse {
  const media =
    row.media === null
      ? null
      : /^https?:\/\//i.test(row.media)
        ? { kind: 'url' as const, url: row.media }
        : { kind: 'file' as const, fileName: basename(row.media) };
  return { name: row.name, text: row.text, scope: row.scope, media };
}

function sourceOf(media: string): MediaSource {
  return /^https?:\/\//i.test(media) ? { kind: 'url', url: media } : { kind: 'file', path: media };
}

/** image and video go as such; anything else as a document (a voice note is Send Audio's) */
function mediaTypeOf(media: string): MediaType {
  const type = mimetypeFromName(basename(media.split(/[?#]/)[0] ?? media)) ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return 'document';
}

export interface CannedDeps {
  messages?: Pick<MessageService, 'send'>;
  files?: FileAccess;
  now?: () => Date;
  /** throws when the text or file holds a saved key's value (KeyLeaks.refuseKeysIn): such a one is never stored */
  refuseKeysIn?: (input: unknown) => Promise<void>;
}

export class CannedResponses {
  constructor(
    private readonly table: CannedTable,
    private readonly user: string = osUserName(),
    private readonly deps: CannedDeps = {},
  ) {}

  list(): CannedResponse[] {
    return this.table.list(this.user).map(shown);
  }

  /** `media`: an http(s) URL, or an absolute path to a file that is there now (crm makes a relative one absolute) */
  async add(input: { name: string; text: string; shared?: boolean; media?: string }): Promise<CannedResponse> {
    const problems = [cannedNameProblem(input.name), cannedTextProblem(input.text), await this.mediaProblem(input.media)].filter(
      (p): p is string => p !== null,
    );
    if (problems.length > 0)
      throw new CrmError('validation', problems.join('; '), {
        details: problems.map((message) => ({
          field: message.startsWith('The name') ? 'name' : message.startsWith('The file') ? 'media' : 'text',
          message,
        })),
      });
    // crm.db is on disk: a key's value never goes there (docs/ARCHITECTURE.md, rule 1)
    await this.deps.refuseKeysIn?.({ name: input.name, text: input.text, media: input.media });
    const duplicate = (): CrmError =>
      new CrmError(
        'validation',
        `A canned response is already named ${this.table.taken(this.user, input.name) ?? input.name}: remove it first or choose another name`,
        { details: [{ field: 'name', message: 'is taken' }] },
      );
    if (this.table.taken(this.user, input.name) !== null) throw duplicate();
    const row: CannedRow = {
      name: input.name,
      text: input.text,
      scope: input.shared === true ? 'shared' : 'personal',
      media: input.media ?? null,
    };
    if (!this.table.add(this.user, { ...row, shared: input.shared === true }, (this.deps.now ?? (() => new Date()))().toISOString()))
      throw duplicate();
    return shown(row);
  }

  remove(name: string): void {
    if (!this.table.remove(this.user, name))
      throw new CrmError('not_found', `No canned response is named ${name.slice(0, 80)}: crm canned list shows them`);
  }

  /** sends the named canned response's file to `number` with `caption` (its text as the person filled it) */
  async sendMedia(input: { profileId?: string; name: string; number: string; caption: string }): Promise<SendResult> {
    const row = this.table.list(this.user).find((r) => r.name === input.name);
    if (row === undefined)
      throw new CrmError('not_found', `No canned response is named ${input.name.slice(0, 80)}: crm canned list shows them`);
    if (row.media === null) throw new CrmError('validation', `The canned response ${row.name} has no file: send its text as a reply`);
    if (!this.deps.messages) throw new CrmError('internal', 'This process sends no messages');
    const op = {
      op: 'messages.media' as const,
      input: {
        number: input.number,
        mediatype: mediaTypeOf(row.media),
        source: sourceOf(row.media),
        ...(input.caption.trim() === '' ? {} : { caption: input.caption }),
      },
      idempotencyKey: randomUUID(),
    };
    return this.deps.messages.send(op, input.profileId === undefined ? {} : { profileId: input.profileId });
  }

  private async mediaProblem(media: string | undefined): Promise<string | null> {
    if (media === undefined) return null;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(media))
      return /^https?:\/\/[^\s/]+/i.test(media) ? null : 'The file must be an http(s) URL or a file on this computer';
    if (!isAbsolute(media)) return 'The file must be an absolute path (crm makes a relative one absolute)';
    try {
      const found = await (this.deps.files ?? nodeFileAccess).stat(media);
      return found.isFile ? null : `The file ${basename(media)} is not a file`;
    } catch {
      return `The file ${basename(media)} cannot be read here`;
    }
  }
}
