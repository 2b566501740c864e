import { useId, type FormEvent } from 'react';
import { useDocumentImportStore } from './document-import-store';
import { usePicked } from '../../../app/use-picked';

/** Where the document comes from: a file main’s own dialog picks, or an address main fetches. */
export function DocumentSource({ busy }: { busy: boolean }) {
  const { url, setUrl, load } = usePicked(useDocumentImportStore, 'url', 'setUrl', 'load');
  const id = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void load('url');
  };
  return (
    <div className="api-import-source">
      <div className="button-row">
        <button type="button" className="btn" onClick={() => void load('file')} disabled={busy}>
          Choose a file…
        </button>
      </div>
      <form className="api-import-url" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-url`}>Or its address</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://api.example.com/openapi.json"
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-url-hint`}
          />
          <p id={`${id}-url-hint`} className="hint">
            https:// (http:// only on this computer). The app fetches it without your key.
          </p>
        </div>
        <button type="submit" className="btn" disabled={busy || url.trim() === ''}>
          Load
        </button>
      </form>
    </div>
  );
}
