import { useCallback, useEffect, useRef, useState } from 'react';
import { invoke } from '../../lib/api';

export type RecorderState =
  | { status: 'idle' }
  | { status: 'requesting' }
  | { status: 'recording'; elapsedMs: number }
  | { status: 'recorded'; durationMs: number }
  | { status: 'error'; message: string };

export interface Recording {
  blob: Blob;
  mimeType: string;
  durationMs: number;
}

/** Opus in WebM first (what Chromium records natively), then the other formats the API accepts. */
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg', 'audio/mp4'];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return PREFERRED_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

export function microphoneErrorMessage(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'Microphone access was denied. Allow this app to use the microphone in your system settings, then try again.';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return 'No microphone was found. Connect one and try again.';
  if (name === 'NotReadableError') return 'The microphone is in use by another application or could not be started.';
  return `The microphone could not be started${err instanceof Error && err.message ? `: ${err.message}` : '.'}`;
}

/** The OS refused the app the microphone (macOS): said plainly, with where to allow it. */
export function microphoneDeniedMessage(where: string): string {
  return `Microphone access is denied for CRM Console, so nothing can be recorded. Allow it in ${where}, then record again.`;
}

/**
 * The OS's consent, asked through main before recording: on macOS a refused app would otherwise
 * get a working stream that records silence. null: go ahead (granted, or nobody to ask, and then
 * Chromium's own permission path decides).
 */
async function osRefusal(): Promise<string | null> {
  const answer = await invoke('app:microphone-access', {});
  return answer.ok && answer.value.access === 'denied' ? microphoneDeniedMessage(answer.value.where) : null;
}

/** Records a voice note with getUserMedia + MediaRecorder; hands the finished blob to onRecorded. */
export function useVoiceRecorder(onRecorded: (recording: Recording) => void) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const releaseDevice = useCallback(() => {
    clearInterval(timerRef.current);
    timerRef.current = undefined;
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  }, []);

  const start = useCallback(async () => {
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setState({ status: 'error', message: 'Recording is not available here: no microphone support.' });
      return;
    }
    setState({ status: 'requesting' });
    const refused = await osRefusal();
    if (refused !== null) {
      setState({ status: 'error', message: refused });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({ audio: true });
    } catch (err) {
      setState({ status: 'error', message: microphoneErrorMessage(err) });
      return;
    }
    streamRef.current = stream;
    const mimeType = pickMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = mimeType ? new MediaRecorder(stream, { mimeType }) : new MediaRecorder(stream);
    } catch (err) {
      releaseDevice();
      setState({ status: 'error', message: microphoneErrorMessage(err) });
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      const durationMs = performance.now() - startedAt;
      releaseDevice();
      recorderRef.current = null;
      const type = recorder.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      setState({ status: 'recorded', durationMs });
      onRecordedRef.current({ blob, mimeType: type, durationMs });
    };
    recorderRef.current = recorder;
    recorder.start(250);
    setState({ status: 'recording', elapsedMs: 0 });
    timerRef.current = setInterval(() => setState({ status: 'recording', elapsedMs: performance.now() - startedAt }), 250);
  }, [releaseDevice]);

  const stop = useCallback(() => {
    const r = recorderRef.current;
    if (r && r.state !== 'inactive') r.stop();
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  // Leaving the panel mid-recording stops the microphone; nothing is staged.
  useEffect(
    () => () => {
      const r = recorderRef.current;
      if (r) {
        r.onstop = null;
        if (r.state !== 'inactive') r.stop();
      }
      releaseDevice();
    },
    [releaseDevice],
  );

  return { state, start, stop, reset };
}
