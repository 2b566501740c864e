import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatBytes } from '../../../src-main/shared/format';
import type { MediaType } from '../../../src-main/shared/file-purpose';
import { byteLimitFor, charCount } from '../../../src-main/shared/limits';
import { MEDIA_KIND_LABELS, offeredMediaKinds } from '../../../src-main/shared/media-kinds';
import { selectActiveProfile, useProfilesStore } from '../profiles/profiles-store';
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
import { SourceChoice } from './source-choice';
import { SourceUrlField } from './source-url-field';

const DROP_NOUN: Readonly<Record<MediaType, string>> = {
  image: 'an image',
  video: 'a video',
  document: 'a document',
  sticker: 'a WebP sticker',
};

export function MediaPanel() {
  const onSendShortcut = useSendShortcut('media');
  const draft = useSendStore(selectMediaDraft);
  const setMedia = useSendStore((s) => s.setMedia);
  const touch = useSendStore((s) => s.touch);
  const sourceProblems = useSendStore(useShallow((s) => problemsFor(s, 'media', MEDIA_SOURCE_FIELDS, 'media-source')));
  const captionProblems = useSendStore(useShallow((s) => problemsFor(s, 'media', CAPTION_FIELDS, 'caption')));
  const limits = useLimits();
  const id = useId();
  const captionCount = charCount(draft.caption);
  const captionOver = captionCount > limits.captionChars;
  const limit = byteLimitFor(draft.mediatype, limits);
  // the kinds this profile's service takes (a Cloud-API-shaped one: video and sticker too)
  const kinds = useProfilesStore((s) => offeredMediaKinds(selectActiveProfile(s)?.api?.operations['messages.media']));

  return (
    // the shortcut is heard on the whole panel: focus may be in the request preview beside the form
    <div className="send-panel" onKeyDown={onSendShortcut}>
      <div className="send-form">
        <NumberField kind="media" />
        <fieldset className="choice">
          <legend>Media type</legend>
          {kinds.map((t) => (
            <label key={t} className="choice-item">
              <input
                type="radio"
                name={`${id}-mediatype`}
                value={t}
                checked={draft.mediatype === t}
                onChange={() => setMedia({ mediatype: t })}
              />
              {MEDIA_KIND_LABELS[t]}
            </label>
          ))}
        </fieldset>
        <SourceChoice name={`${id}-mode`} mode={draft.mode} fileLabel="File" onChange={(mode) => setMedia({ mode })} />
        {draft.mode === 'file' ? (
          <FileSource
            kind="media"
            file={draft.file}
            pickLabel="Choose file…"
            dropHint={`Drop ${DROP_NOUN[draft.mediatype]} here (up to ${formatBytes(limit)}), or`}
          />
        ) : (
          <SourceUrlField kind="media" id={`${id}-url`} problemsId={`${id}-src-problems`} />
        )}
        {draft.mode === 'url' && (
          <UrlTypeField kind={draft.mediatype} url={draft.url} value={draft.urlType} onChange={(urlType) => setMedia({ urlType })} />
        )}
        <FieldProblems id={`${id}-src-problems`} problems={sourceProblems} />
        <div className="field">
          <label htmlFor={`${id}-caption`}>Caption (optional)</label>
          <textarea
            id={`${id}-caption`}
            rows={3}
            value={draft.caption}
            onChange={(e) => setMedia({ caption: e.target.value })}
            onBlur={() => touch('caption')}
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
