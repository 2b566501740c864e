interface ProfileFieldsProps {
  /** useId() of the form; the inputs' ids derive from it */
  id: string;
  name: string;
  baseUrl: string;
  onName: (name: string) => void;
  onBaseUrl: (baseUrl: string) => void;
}

/** The name and base URL every profile has, shared by the add and edit forms. */
export function ProfileFields({ id, name, baseUrl, onName, onBaseUrl }: ProfileFieldsProps) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-name`}>Profile name</label>
        <input id={`${id}-name`} value={name} onChange={(e) => onName(e.target.value)} autoComplete="off" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>Base URL</label>
        <input
          id={`${id}-url`}
          type="url"
          value={baseUrl}
          onChange={(e) => onBaseUrl(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
      </div>
    </>
  );
}
