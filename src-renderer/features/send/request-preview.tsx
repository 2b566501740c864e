import { useShallow } from 'zustand/react/shallow';
import { requestConfirm } from '../../ui/confirm-store';
import { ErrorMessage } from '../../ui/messages';
import { RequestPreviewCurl } from '../../ui/request-preview-curl';
import { otherProblems } from './fields';
import { selectCopy, selectPreview, useSendStore, type SendKind } from './send-store';

export const COPY_WITH_KEY_WARNING =
  'The real API key will be on the clipboard, in plain text, for anything that reads it. It is cleared after 60 s if nothing ' +
  'else was copied since. Paste it only where you trust.';

/** Method, endpoint, live cURL and the copy buttons of one send panel. */
export function RequestPreviewPanel({ kind }: { kind: SendKind }) {
  const state = useSendStore(selectPreview(kind));
  const copy = useSendStore(selectCopy(kind));
  const copyCurl = useSendStore((s) => s.copyCurl);
  const other = useSendStore(useShallow((s) => otherProblems(s, kind)));
  const preview = state.preview;

  const onCopyWithKey = async () => {
    const ok = await requestConfirm({
      title: 'Copy cURL with the real key?',
      message: COPY_WITH_KEY_WARNING,
      confirmLabel: 'Copy with key',
    });
    if (ok) await copyCurl(kind, true);
  };

  return (
    <section className="request-preview" aria-label="Request preview" data-testid={`preview-${kind}`}>
      <RequestPreviewCurl request={preview} loading={state.loading} error={state.error} />
      {other.length > 0 && (
        <ul className="field-problems" aria-label="Other problems">
          {other.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button type="button" className="btn" onClick={() => void copyCurl(kind, false)} disabled={copy.status === 'copying'}>
          Copy cURL
        </button>
        <button type="button" className="btn" onClick={() => void onCopyWithKey()} disabled={copy.status === 'copying'}>
          Copy cURL with key
        </button>
      </div>
      <div role="status" aria-live="polite" className="copy-status" data-testid="copy-status">
        {copy.status === 'copied' &&
          (copy.withKey
            ? `Copied; clipboard clears in ${Math.round((copy.clearsAfterMs ?? 60_000) / 1000)} s`
            : 'Copied (the key is written as $CRM_API_KEY)')}
      </div>
      {copy.status === 'error' && <ErrorMessage error={copy.error} prefix="Copy failed" />}
    </section>
  );
}
