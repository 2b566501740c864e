import { useId } from 'react';
import type { ApiDocumentCandidate } from '../../../lib/api';
import { openFields, useDocumentImportStore } from './document-import-store';
import { usePicked } from '../../../app/use-picked';

/** A field for each value the chosen operations leave open (a path parameter, a server variable, the Basic user name). */
export function DocumentOpenValues({ chosen }: { chosen: readonly ApiDocumentCandidate[] }) {
  const { vars, user, setVar, setUser } = usePicked(useDocumentImportStore, 'vars', 'user', 'setVar', 'setUser');
  const id = useId();
  const fields = openFields(chosen);
  if (fields.vars.length === 0 && !fields.user) return null;
  return (
    <fieldset className="api-import-open" data-testid="api-import-open">
      <legend>Values the document leaves open</legend>
      {fields.vars.map((name, i) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-var-${i}`}>{name}</label>
          <input
            id={`${id}-var-${i}`}
            value={vars[name] ?? ''}
            onChange={(e) => setVar(name, e.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        </div>
      ))}
      {fields.user && (
        <div className="field">
          <label htmlFor={`${id}-user`}>User name</label>
          <input
            id={`${id}-user`}
            value={user}
            onChange={(e) => setUser(e.target.value)}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-user-hint`}
          />
          <p id={`${id}-user-hint`} className="hint">
            The account id HTTP Basic sends with your key (the key itself is the profile’s, from the keychain).
          </p>
        </div>
      )}
    </fieldset>
  );
}
