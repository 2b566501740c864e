// A file a contact sent, inside its line of the conversation: an image as a thumbnail, audio as
// a player, anything else as a button that opens it in the OS browser. The window cannot fetch
// the network (its CSP has connect-src 'none', and an <img> of the service's URL would be
// refused by img-src too), so main downloads an image or audio through undici and hands the
// bytes over as a data: URL, which img-src and media-src allow. A document has no safe viewer
// here (frame-src and object-src are 'none'), so it goes to the browser, by its message id:
// its address never comes to the window.
import { useEffect, useState } from 'react';
import type { ErrorInfo, ItemMedia, MediaPreview } from '../../lib/api';
import { invoke } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { FileChip } from './conversation-file-chip';

type Loaded = { phase: 'loading' } | { phase: 'ready'; preview: MediaPreview } | { phase: 'failed'; error: ErrorInfo };

function OpenInBrowser({ messageId, label }: { messageId: string; label: string }) {
  return (
    <button
      type="button"
      className="btn btn-link"
      onClick={() => void invoke('conversations:open-media', { messageId })}
      data-testid="conversation-media-open"
    >
      {label}
    </button>
  );
}

export function ConversationMedia({
  messageId,
  kind,
  media,
  own = false,
}: {
  messageId: string;
  kind: string;
  media: ItemMedia;
  own?: boolean;
}) {
  const what = media.fileName ?? kind;
  // a file the service named by id: main downloads it and keeps it (inbound-media.ts)
  if (media.show === 'file') return <FileChip messageId={messageId} kind={kind} media={media} />;
  if (media.show === 'pending') return <p className="hint" data-testid="conversation-media-pending">{`Downloading ${what}…`}</p>;
  if (media.show === 'none' && media.download?.state === 'failed' && media.download.refusedOrigin) {
    return <RefusedOrigin messageId={messageId} kind={kind} media={media} origin={media.download.refusedOrigin} />;
  }
  if (media.show === 'none' && media.download?.state === 'failed') {
    return (
      <p className="hint" data-testid="conversation-media-none">
        {`${kind}${media.fileName ? `: ${media.fileName}` : ''}: ${media.download.reason ?? 'the file could not be downloaded'} `}
        <RetryDownload messageId={messageId} what={what} />
      </p>
    );
  }
  if (media.show === 'none') {
    return (
      <p
        className="hint"
        data-testid="conversation-media-none"
      >{`${kind}${media.fileName ? `: ${media.fileName}` : ''} (the service gave no address to download it)`}</p>
    );
  }
  if (media.show === 'link') return <OpenInBrowser messageId={messageId} label={`Open ${what} in the browser`} />;
  return <MediaFromMain messageId={messageId} what={what} audio={(media.mimetype ?? '').startsWith('audio/')} own={own} />;
}

type Allowing = { phase: 'idle' } | { phase: 'asking' } | { phase: 'declined' } | { phase: 'failed'; error: ErrorInfo };

/**
 * The service keeps the file on another origin than its own (Meta's lookaside.fbsbx.com), where
 * the key is not sent until the person allows it. Main reads that origin from its own record of
 * the download and asks the person itself (a dialog the window cannot answer); on yes the line
 * turns into the download and then the file. The window never names the origin to main.
 */
function RefusedOrigin({ messageId, kind, media, origin }: { messageId: string; kind: string; media: ItemMedia; origin: string }) {
  const what = media.fileName ?? kind;
  const [allowing, setAllowing] = useState<Allowing>({ phase: 'idle' });
  const onAllow = async () => {
    setAllowing({ phase: 'asking' });
    const r = await invoke('conversations:allow-file-origin', { messageId });
    if (!r.ok) setAllowing({ phase: 'failed', error: r.error });
    else setAllowing(r.value.allowed ? { phase: 'idle' } : { phase: 'declined' });
  };
  return (
    <div className="hint" data-testid="conversation-media-refused">
      <p data-testid="conversation-media-none">
        {`${kind}${media.fileName ? `: ${media.fileName}` : ''}: the service keeps this file at `}
        <span className="mono">{origin}</span>
        {', not on its own origin, and the profile’s key is only sent there once you allow it. '}
        <button
          type="button"
          className="btn btn-link"
          onClick={() => void onAllow()}
          disabled={allowing.phase === 'asking'}
          aria-label={`Allow the key there for files… (${origin}), then download ${what}`}
        >
          Allow the key there for files…
        </button>{' '}
        <RetryDownload messageId={messageId} what={what} />
      </p>
      <p role="status" aria-live="polite">
        {allowing.phase === 'asking'
          ? 'Waiting for your answer…'
          : allowing.phase === 'declined'
            ? `Not allowed: the key is not sent to ${origin}.`
            : ''}
      </p>
      {allowing.phase === 'failed' && <ErrorMessage error={allowing.error} prefix="Not allowed" />}
    </div>
  );
}

/** asks main to download a received file again */
function RetryDownload({ messageId, what }: { messageId: string; what: string }) {
  return (
    <button
      type="button"
      className="btn btn-link"
      onClick={() => void invoke('conversations:retry-media', { messageId })}
      aria-label={`Try again to download ${what}`}
    >
      Try again
    </button>
  );
}

function MediaFromMain({ messageId, what, audio, own }: { messageId: string; what: string; audio: boolean; own: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  useEffect(() => {
    let current = true;
    void invoke('conversations:media', { messageId }).then((r) => {
      if (current) setLoaded(r.ok ? { phase: 'ready', preview: r.value } : { phase: 'failed', error: r.error });
    });
    return () => {
      current = false;
    };
  }, [messageId]);
  if (loaded.phase === 'loading') return <p className="hint">Loading {what}…</p>;
  if (loaded.phase === 'failed') {
    return (
      <p className="hint" data-testid="conversation-media-failed">
        {what} could not be shown: {loaded.error.message}. <OpenInBrowser messageId={messageId} label="Open it in the browser" />
      </p>
    );
  }
  const src = loaded.preview.dataUrl;
  return audio ? (
    <audio
      className="conversation-audio"
      controls
      src={src}
      aria-label={own ? `Voice message sent: ${what}` : `Voice message from the contact: ${what}`}
      data-testid="conversation-audio"
    />
  ) : (
    <img
      className="conversation-image"
      src={src}
      alt={own ? `Image sent: ${what}` : `Image from the contact: ${what}`}
      data-testid="conversation-image"
    />
  );
}
