import { useId, useState } from 'react';
import { AUDIO_MIMETYPES, COMMON_DOCUMENT_MIMETYPES, IMAGE_MIMETYPES } from '../../../src-main/shared/media-types';
import type { FilePurpose } from '../../../src-main/shared/file-purpose';
import { invoke } from '../../lib/api';

type Kind = FilePurpose;

const CHOICES: Record<Kind, readonly string[]> = {
  image: IMAGE_MIMETYPES,
  video: ['video/mp4', 'video/3gpp'],
  document: [...COMMON_DOCUMENT_MIMETYPES, ...IMAGE_MIMETYPES],
  sticker: ['image/webp'],
  audio: AUDIO_MIMETYPES,
};

/**
 * The file type of a media URL: from its name by default; chosen here, or asked of the server
 * hosting it ("Detect"), when the name says nothing (".../download?id=42").
 */
export function UrlTypeField({
  kind,
  url,
  value,
  onChange,
}: {
  kind: Kind;
  url: string;
  value: string;
  onChange: (mimetype: string) => void;
}) {
  const id = useId();
  const [detect, setDetect] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  const choices = value && !CHOICES[kind].includes(value) ? [value, ...CHOICES[kind]] : CHOICES[kind];
  const run = async (): Promise<void> => {
    setDetect({ busy: true, note: null });
    const r = await invoke('media:detect-type', { url: url.trim() });
    if (!r.ok) {
      setDetect({ busy: false, note: r.error.message });
      return;
    }
    if (r.value.mimetype) onChange(r.value.mimetype);
    setDetect({ busy: false, note: r.value.mimetype ? `The server says ${r.value.mimetype}.` : r.value.reason });
  };
  return (
    <div className="field">
      <label htmlFor={id}>File type</label>
      <div className="field-inline">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-note`}
          data-testid={`${kind === 'audio' ? 'audio' : 'media'}-url-type`}
        >
          <option value="">From the URL’s name</option>
          {choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-small" onClick={() => void run()} disabled={detect.busy || url.trim() === ''}>
          {detect.busy ? 'Asking…' : 'Detect'}
        </button>
      </div>
      <p id={`${id}-note`} className="hint" role="status">
        {detect.note ?? 'Detect asks the server hosting the file (no key is sent).'}
      </p>
    </div>
  );
}
