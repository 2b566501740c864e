// What a conversation shows of this app's own sends beyond the record's line: a template's text
// with its parameters filled in (from the body the service listed, when it did; the send itself
// asks nothing of the network), and a copy of a sent file small enough to keep, so a photo shows
// as a picture and a voice note as a player, also after the staged file is gone. Failing to keep
// them never fails the send: the line then reads as before.
import { open, stat } from 'node:fs/promises';
import type { ReceivedFiles } from '../media/received-files';
import { mimetypeFromName } from '../media/mimetypes';
import { SNIFF_BYTES, sniffMimetype } from '../media/sniff';
import type { SentExtrasTable } from '../store/tables/sent-extras-table';
import type { Delivery, SentRecord } from './sent-record';
import { filledTemplate } from './template-text';

/** a sent file larger than this is shown by its name only */
export const SENT_COPY_LIMIT = 5 * 1024 * 1024;

export interface SentExtrasDeps {
  table: SentExtrasTable;
  files: ReceivedFiles;
  /** the template's body as the service last listed it, or null */
  templateBody: (profileId: string, name: string, language: string) => string | null;
  scrub: (text: string) => string;
  /** a file another table still shows (a received file with the same bytes): never removed here */
  inUseElsewhere?: (path: string) => boolean;
  now?: () => Date;
  log?: (message: string) => void;
}

async function copyOf(path: string): Promise<Buffer | null> {
  const info = await stat(path);
  if (!info.isFile() || info.size > SENT_COPY_LIMIT) return null;
  const handle = await open(path, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export class SentExtras {
  constructor(private readonly deps: SentExtrasDeps) {}

  async remember(record: SentRecord, delivery: Delivery): Promise<void> {
    try {
      await this.keep(record, delivery);
    } catch (err) {
      this.deps.log?.(
        `own sends: what message ${record.id} showed could not be kept (${err instanceof Error ? err.name : 'unknown error'})`,
      );
    }
  }

  private async keep(record: SentRecord, { op, profileId }: Delivery): Promise<void> {
    const { deps } = this;
    let renderedText: string | null = null;
    let file: { path: string; mimetype: string; size: number } | null = null;
    if (op.op === 'messages.template') {
      const body = deps.templateBody(profileId, op.input.name, op.input.language);
      const text = body === null ? null : filledTemplate(body, op.input.params);
      renderedText = text === null ? null : deps.scrub(text);
    } else if ((op.op === 'messages.media' || op.op === 'messages.audio') && op.input.source.kind === 'file') {
      const bytes = await copyOf(op.input.source.path);
      if (bytes !== null) {
        const sniffed = sniffMimetype(bytes.subarray(0, SNIFF_BYTES));
        const mimetype =
          op.input.mimetype ?? (sniffed.recognised ? sniffed.mimetype : (mimetypeFromName(record.fileName ?? '') ?? sniffed.mimetype));
        const stored = await deps.files.put(profileId, bytes);
        file = { path: stored.path, mimetype, size: bytes.length };
      }
    }
    if (renderedText === null && file === null) return;
    const gone = deps.table.put({
      recordId: record.id,
      profileId,
      renderedText,
      filePath: file?.path ?? null,
      fileMimetype: file?.mimetype ?? null,
      fileSize: file?.size ?? null,
      keptAt: (deps.now ?? (() => new Date()))().toISOString(),
    });
    for (const path of gone) if (deps.table.usersOf(path) === 0 && deps.inUseElsewhere?.(path) !== true) await deps.files.remove(path);
  }
}
