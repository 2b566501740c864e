// The URL a media or an audio send takes its file from, when its source is a URL: the same field
// on both panels, told apart by its label, example and test id.
import { useShallow } from 'zustand/react/shallow';
import { AUDIO_SOURCE_FIELDS, MEDIA_SOURCE_FIELDS, problemsFor } from './fields';
import { useSendStore } from './send-store';

const URL_FIELDS = {
  audio: { label: 'Audio URL', placeholder: 'https://example.com/note.ogg', fields: AUDIO_SOURCE_FIELDS, area: 'audio-source' },
  media: { label: 'Media URL', placeholder: 'https://example.com/photo.jpg', fields: MEDIA_SOURCE_FIELDS, area: 'media-source' },
} as const;

/** `problemsId`: the element listing the source's problems, which the field is described by */
export function SourceUrlField({ kind, id, problemsId }: { kind: 'audio' | 'media'; id: string; problemsId: string }) {
  const spec = URL_FIELDS[kind];
  const url = useSendStore((s) => s[kind].url);
  const setUrl = useSendStore((s) => (kind === 'audio' ? s.setAudio : s.setMedia));
  const touch = useSendStore((s) => s.touch);
  const problems = useSendStore(useShallow((s) => problemsFor(s, kind, spec.fields, spec.area)));
  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      <input
        id={id}
        type="url"
        value={url}
        placeholder={spec.placeholder}
        onChange={(e) => setUrl({ url: e.target.value })}
        onBlur={() => touch(spec.area)}
        aria-invalid={problems.length > 0}
        aria-describedby={problems.length ? problemsId : undefined}
        data-testid={`${kind}-url`}
      />
    </div>
  );
}
