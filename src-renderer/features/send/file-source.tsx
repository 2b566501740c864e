import { useState, type DragEvent } from 'react';
import { formatBytes } from '../../../src-main/shared/format';
import type { StagedFile } from '../../lib/api';
import { SpinnerIcon } from '../../ui/icons';
import { selectFileState, useSendStore, type FileKind } from './send-store';
import { usePicked } from '../../app/use-picked';

interface FileSourceProps {
  kind: FileKind;
  file: StagedFile | null;
  pickLabel: string;
  dropHint: string;
  /** the voice recorder plays its own recording: no second player here */
  hidePlayer?: boolean;
}

/** Pick a file (main's dialog) or drop one: the bytes are checked against the limit, then staged in main. */
export function FileSource({ kind, file, pickLabel, dropHint, hidePlayer = false }: FileSourceProps) {
  const state = useSendStore(selectFileState(kind));
  const { pickFile, stageLocalFile, clearFile } = usePicked(useSendStore, 'pickFile', 'stageLocalFile', 'clearFile');
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) void stageLocalFile(kind, dropped);
  };

  return (
    <div className="file-source">
      <div
        className={`drop-zone${over ? ' is-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid={`drop-zone-${kind}`}
      >
        <p>{dropHint}</p>
        <button type="button" className="btn" onClick={() => void pickFile(kind)} disabled={state.status === 'staging'}>
          {pickLabel}
        </button>
      </div>
      {state.status === 'staging' && (
        <p role="status" className="msg">
          <SpinnerIcon /> Reading {state.name}…
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="msg msg-error" data-testid={`file-error-${kind}`}>
          {state.message}
        </p>
      )}
      {file && (
        <div className="staged-file" data-testid={`staged-file-${kind}`}>
          {file.previewDataUrl && file.category === 'image' && (
            <img src={file.previewDataUrl} alt={`Preview of ${file.name}`} className="image-preview" />
          )}
          {file.category === 'audio' &&
            !hidePlayer &&
            (file.previewDataUrl ? (
              <audio controls src={file.previewDataUrl} aria-label={`Play ${file.name}`} data-testid={`file-playback-${kind}`}>
                Your system cannot play this file.
              </audio>
            ) : (
              <p className="msg">No playback for a file this large; it is sent as it is.</p>
            ))}
          <dl className="kv">
            <dt>File</dt>
            <dd>{file.name}</dd>
            <dt>Size</dt>
            <dd>{formatBytes(file.size)}</dd>
            <dt>Type</dt>
            <dd className="mono">{file.mimetype}</dd>
          </dl>
          {file.temporary && (
            <p className="hint" data-testid={`temporary-file-${kind}`}>
              The cURL reads a temporary copy of this file, deleted when the file is removed here or the app closes.
            </p>
          )}
          <button type="button" className="btn btn-small" onClick={() => clearFile(kind)}>
            Remove file
          </button>
        </div>
      )}
    </div>
  );
}
