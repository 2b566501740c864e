import { RequestPreviewCurl } from '../../../ui/request-preview-curl';
import type { PreviewState } from './api-store';

/** The request the description (read, or saved) makes with example values, as the send panels show it. */
export function ApiPreviewPanel({ preview, proposed }: { preview: PreviewState; proposed: boolean }) {
  const value = preview.value;
  const problems = value?.problems ?? [];
  return (
    <section className="request-preview" aria-label="Request preview" data-testid="api-preview">
      <p className="hint">{proposed ? 'What the app would send with this description:' : 'What the app sends now:'}</p>
      <RequestPreviewCurl request={value} loading={preview.loading} error={preview.error} />
      {problems.length > 0 && (
        <ul className="field-problems" aria-label="Problems">
          {problems.map((p) => (
            // main's own sentence when it found the problem; a stored description's check names the field
            <li key={`${p.field}-${p.message}`}>{p.sentence ?? `${p.field}: ${p.message}`}</li>
          ))}
        </ul>
      )}
      <p className="hint">Example values; the key is written as $CRM_API_KEY.</p>
    </section>
  );
}
