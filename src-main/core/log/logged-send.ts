// What a message send asked for, kept with its request-log entry: the fields the Send panels take
// back ("Open in the send panel"), read from the operation rather than from the body, whose shape
// each profile's API description decides. A file is kept by its name only. Pure.
import { basename } from 'node:path';
import type { LoggedSend } from '../model';
import type { MediaSource, Operation } from '../operations';

export function loggedSendOf(op: Operation): LoggedSend | null {
  switch (op.op) {
    case 'messages.text':
      return { kind: 'text', number: op.input.number, text: op.input.text };
    case 'messages.media': {
      const { number, mediatype, source, fileName, mimetype, caption } = op.input;
      return { kind: 'media', number, mediatype, ...sourceOf(source, fileName), mimetype: mimetype ?? null, caption: caption || null };
    }
    case 'messages.audio': {
      const { number, source, mimetype } = op.input;
      return { kind: 'audio', number, ...sourceOf(source, undefined), mimetype: mimetype ?? null };
    }
    default:
      return null;
  }
}

function sourceOf(source: MediaSource, fileName: string | undefined): { url: string | null; fileName: string | null } {
  if (source.kind === 'url') return { url: source.url, fileName: fileName ?? null };
  return { url: null, fileName: fileName ?? basename(source.path) };
}

/** Every text of a logged send passed through `scrub` (the log's key scrubbing). */
export function scrubLoggedSend(sent: LoggedSend, scrub: (text: string) => string): LoggedSend {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(sent))
    out[name] = typeof value === 'string' && name !== 'kind' && name !== 'mediatype' ? scrub(value) : value;
  return out as LoggedSend;
}
