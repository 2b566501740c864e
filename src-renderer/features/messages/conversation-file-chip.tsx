// A document a contact sent, kept by main in the data folder: a chip with its name, size and type,
// and an Open button that asks main to open the stored file with the OS's own app (the window has
// no safe viewer for it and never sees where it is kept).
import { useState } from 'react';
import { formatBytes } from '../../../src-main/shared/format';
import type { ItemMedia } from '../../lib/api';
import { invoke } from '../../lib/api';

/** "PDF" from application/pdf, "DOCX" from the file's name when the type says little */
function typeLabel(media: ItemMedia): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(media.fileName ?? '')?.[1];
  if (extension !== undefined) return extension.toUpperCase();
  const subtype = (media.mimetype ?? '').split('/')[1];
  return subtype ? subtype.toUpperCase() : 'File';
}

export function FileChip({ messageId, kind, media }: { messageId: string; kind: string; media: ItemMedia }) {
  const [problem, setProblem] = useState<string | null>(null);
  const name = media.fileName ?? kind;
  const bytes = media.download?.bytes ?? null;
  const open = async (): Promise<void> => {
    const r = await invoke('conversations:open-media', { messageId });
    setProblem(r.ok ? null : r.error.message);
  };
  return (
    <div className="conversation-file" data-testid="conversation-file">
      <span className="conversation-file-type" aria-hidden="true">
        {typeLabel(media)}
      </span>
      <span className="conversation-file-name">{name}</span>
      <span className="conversation-file-detail">
        {[bytes === null ? null : formatBytes(bytes), media.mimetype].filter((part) => part !== null).join(' · ')}
      </span>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void open()}
        aria-label={`Open ${name}`}
        data-testid="conversation-file-open"
      >
        Open
      </button>
      {problem !== null && (
        <p className="hint" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
