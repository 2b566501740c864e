import type { ReactNode } from 'react';
import type { ErrorInfo } from '../lib/api';
import { describeError } from '../lib/api';
import { AlertIcon } from './icons';

/** An error announced to assistive technology (role=alert), with the server's field details. */
export function ErrorMessage({ error, prefix, testId }: { error: ErrorInfo; prefix?: string; testId?: string }) {
  return (
    <div className="msg msg-error" role="alert" data-testid={testId}>
      <AlertIcon />
      <div>
        <p>
          {prefix ? `${prefix}: ` : ''}
          {describeError(error)}
        </p>
        {error.details && error.details.length > 0 && (
          <ul className="details">
            {error.details.map((d, i) => (
              <li key={`${d.field}-${i}`}>
                <strong>{d.field}</strong>: {d.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Problems next to a field; referenced by the field's aria-describedby. */
export function FieldProblems({ id, problems }: { id: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="field-problems">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

/** A short problem in words of our own (no server details), announced as it appears. */
export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="msg msg-error">
      {children}
    </p>
  );
}
