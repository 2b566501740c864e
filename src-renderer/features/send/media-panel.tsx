import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatBytes } from '../../../src-main/shared/format';
import { charCount } from '../../../src-main/shared/limits';
import { useLimits } from '../../app/app-port';
import { formatCount } from '../../lib/format';
import { FieldProblems } from '../../ui/messages';
import { CAPTION_FIELDS, MEDIA_SOURCE_FIELDS, problemsFor } from './fields';
import { FileSource } from './file-source';
import { UrlTypeField } from './url-type-field';
import { NumberField } from './number-field';
import { RequestPreviewPanel } from './request-preview';
import { SendControls, useSendShortcut } from './send-controls';
import { AFTER_SEND_MARK } from './send-focus';
import { selectMediaDraft, useSendStore } from './send-store';

export function MediaPanel() {
  const onSendShortcut = useSendShortcut('media');
  const draft = useSendStore(selectMediaDraft);
  const setMedia = useSendStore((s) => s.setMedia);
  const sourceProblems = useSendStore(useShallow((s) => problemsFor(s, 'media', MEDIA_SOURCE_FIELDS, 'media-source')));
  const captionProblems = useSendStore(useShallow((s) => problemsFor(s, 'media', CAPTION_FIELDS, 'caption')));
  const limits = useLimits();
  const id = useId();
  const captionCount = charCount(draft.caption);
  const captionOver = captionCount > limits.captionChars;
  const limit = draft.mediatype === 'image' ? limits.imageBytes : limits.documentBytes;

  return (
    <div className="send-panel">
      <div className="send-form" onKeyDown={onSendShortcut}>
        <NumberField kind="media" />
        <fieldset className="choice">
          <legend>Media type</legend>
          {(['image', 'document'] as const).map((t) => (
            <label key={t} className="choice-item">
              <input type="radio" name={`${id}-mediatype`} value={t} checked={draft.mediatype === t} onChange={() => setMedia({ mediatype: t })} />
              {t === 'image' ? 'Image' : 'Document'}
            </label>
          ))}
        </fieldset>
        <fieldset className="choice">
          <legend>Source</legend>
          {(['file', 'url'] as const).map((m) => (
            <label key={m} className="choice-item">
              <input type="radio" name={`${id}-mode`} value={m} checked={draft.mode === m} onChange={() => setMedia({ mode: m })} />
              {m === 'file' ? 'File' : 'URL'}
            </label>
          ))}
        </fieldset>
        {draft.mode === 'file' ? (
          <FileSource
            kind="media"
            file={draft.file}
            pickLabel="Choose file…"
            dropHint={`Drop ${draft.mediatype === 'image' ? 'an image' : 'a document'} here (up to ${formatBytes(limit)}), or`}
          />
        ) : (
          <div className="field">
            <label htmlFor={`${id}-url`}>Media URL</label>
            <input
              id={`${id}-url`}
              type="url"
              value={draft.url}
              placeholder="https://example.com/photo.jpg"
              onChange={(e) => setMedia({ url: e.target.value })}
              aria-invalid={sourceProblems.length > 0}
              aria-describedby={sourceProblems.length ? `${id}-src-problems` : undefined}
              data-testid="media-url"
            />
          </div>
        )}
        {draft.mode === 'url' && <UrlTypeField kind={draft.mediatype} url={draft.url} value={draft.urlType} onChange={(urlType) => setMedia({ urlType })} />}
        <FieldProblems id={`${id}-src-problems`} problems={sourceProblems} />
        <div className="field">
          <label htmlFor={`${id}-caption`}>Caption (optional)</label>
          <textarea
            id={`${id}-caption`}
            rows={3}
            value={draft.caption}
            onChange={(e) => setMedia({ caption: e.target.value })}
            aria-invalid={captionProblems.length > 0 || captionOver}
            aria-describedby={`${id}-caption-count${captionProblems.length ? ` ${id}-caption-problems` : ''}`}
            data-testid="media-caption"
            {...AFTER_SEND_MARK}
          />
          <p id={`${id}-caption-count`} className={captionOver ? 'counter counter-over' : 'counter'}>
            {formatCount(captionCount)} / {formatCount(limits.captionChars)} characters
          </p>
          <FieldProblems id={`${id}-caption-problems`} problems={captionProblems} />
        </div>
        <SendControls kind="media" />
      </div>
      <RequestPreviewPanel kind="media" />
    </div>
  );
}
