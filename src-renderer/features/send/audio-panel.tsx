import { useCallback, useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatBytes } from '../../../src-main/shared/format';
import { useLimits } from '../../app/app-port';
import { formatClock } from '../../lib/format';
import { FieldProblems } from '../../ui/messages';
import { AUDIO_SOURCE_FIELDS, problemsFor } from './fields';
import { FileSource } from './file-source';
import { NumberField } from './number-field';
import { UrlTypeField } from './url-type-field';
import { RequestPreviewPanel } from './request-preview';
import { SendControls, useSendShortcut } from './send-controls';
import { selectAudioDraft, useSendStore } from './send-store';
import { useVoiceRecorder, type Recording } from './use-voice-recorder';
import { SourceChoice } from './source-choice';
import { SourceUrlField } from './source-url-field';
import { usePicked } from '../../app/use-picked';

function extensionFor(mimeType: string): string {
  if (mimeType.includes('ogg')) return 'ogg';
  if (mimeType.includes('mp4')) return 'm4a';
  return 'webm';
}

export function AudioPanel() {
  const onSendShortcut = useSendShortcut('audio');
  const draft = useSendStore(selectAudioDraft);
  const setAudio = useSendStore((s) => s.setAudio);
  const problems = useSendStore(useShallow((s) => problemsFor(s, 'audio', AUDIO_SOURCE_FIELDS, 'audio-source')));
  const limits = useLimits();
  const id = useId();

  return (
    // the shortcut is heard on the whole panel: focus may be in the request preview beside the form
    <div className="send-panel" onKeyDown={onSendShortcut}>
      <div className="send-form">
        {/* no text to go back to: the recipient, for the next voice note */}
        <NumberField kind="audio" focusAfterSend />
        <SourceChoice name={`${id}-mode`} mode={draft.mode} fileLabel="File or voice note" onChange={(mode) => setAudio({ mode })} />
        {draft.mode === 'file' ? (
          <>
            <VoiceRecorder />
            <FileSource
              kind="audio"
              file={draft.file}
              hidePlayer={draft.recordingUrl !== null}
              pickLabel="Choose audio file…"
              dropHint={`Drop an audio file here (up to ${formatBytes(limits.audioBytes)}), or`}
            />
          </>
        ) : (
          <SourceUrlField kind="audio" id={`${id}-url`} problemsId={`${id}-problems`} />
        )}
        {draft.mode === 'url' && (
          <UrlTypeField kind="audio" url={draft.url} value={draft.urlType} onChange={(urlType) => setAudio({ urlType })} />
        )}
        <FieldProblems id={`${id}-problems`} problems={problems} />
        <SendControls kind="audio" />
      </div>
      <RequestPreviewPanel kind="audio" />
    </div>
  );
}

function VoiceRecorder() {
  const recordingUrl = useSendStore((s) => s.audio.recordingUrl);
  // Play what main staged (Chromium's WebM recording remuxed to Ogg, which reports its duration);
  // the recorder's own blob is the fallback.
  const stagedUrl = useSendStore((s) => s.audio.file?.previewDataUrl ?? null);
  const { stageLocalFile, setRecordingUrl, clearFile } = usePicked(useSendStore, 'stageLocalFile', 'setRecordingUrl', 'clearFile');

  const onRecorded = useCallback(
    async ({ blob, mimeType }: Recording) => {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
      const name = `voice-note-${stamp}.${extensionFor(mimeType)}`;
      const ok = await stageLocalFile('audio', { name, size: blob.size, type: mimeType, arrayBuffer: () => blob.arrayBuffer() });
      if (ok) setRecordingUrl(URL.createObjectURL(blob));
    },
    [stageLocalFile, setRecordingUrl],
  );
  const { state, start, stop, reset } = useVoiceRecorder((r) => void onRecorded(r));

  const rerecord = () => {
    clearFile('audio');
    reset();
    void start();
  };

  return (
    <section className="recorder" aria-label="Voice note">
      <h2 className="subheading">Record a voice note</h2>
      <div className="button-row">
        {state.status === 'recording' ? (
          <button type="button" className="btn btn-danger" onClick={stop} data-testid="record-stop">
            Stop recording
          </button>
        ) : recordingUrl ? (
          <button type="button" className="btn" onClick={rerecord} data-testid="record-again">
            Re-record
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            onClick={() => void start()}
            disabled={state.status === 'requesting'}
            data-testid="record-start"
          >
            Record
          </button>
        )}
        {state.status === 'recording' && (
          <span className="recording" role="timer" aria-label="Elapsed recording time">
            <span className="rec-dot" aria-hidden="true" /> Recording {formatClock(state.elapsedMs)}
          </span>
        )}
        {state.status === 'requesting' && <span role="status">Waiting for the microphone…</span>}
      </div>
      {state.status === 'error' && (
        <p role="alert" className="msg msg-error" data-testid="mic-error">
          {state.message}
        </p>
      )}
      {recordingUrl && (
        <audio controls src={stagedUrl ?? recordingUrl} aria-label="Play back the voice note" data-testid="recording-playback">
          Your system cannot play this recording.
        </audio>
      )}
    </section>
  );
}
