// Where a file to send comes from, in the Media and Audio panels: a file on this computer (or a
// voice note) or a URL the service fetches.
export type SourceMode = 'file' | 'url';

export function SourceChoice({
  name,
  mode,
  fileLabel,
  onChange,
}: {
  /** the radio group's name, unique in the page */
  name: string;
  mode: SourceMode;
  fileLabel: string;
  onChange: (mode: SourceMode) => void;
}) {
  return (
    <fieldset className="choice">
      <legend>Source</legend>
      {(['file', 'url'] as const).map((m) => (
        <label key={m} className="choice-item">
          <input type="radio" name={name} value={m} checked={mode === m} onChange={() => onChange(m)} />
          {m === 'file' ? fileLabel : 'URL'}
        </label>
      ))}
    </fieldset>
  );
}
