import { useId } from 'react';
import type { DescribedOperation } from '../../../lib/api';
import { NOT_IN_DOCUMENT, useDocumentImportStore } from './document-import-store';

/** The picker among the chosen operation's named examples, when its document gives several (a text, an image by link, a template...). */
export function DocumentExampleChoice({ operation, label }: { operation: DescribedOperation; label: string }) {
  const document = useDocumentImportStore((s) => s.document);
  const choice = useDocumentImportStore((s) => s.choices[operation] ?? NOT_IN_DOCUMENT);
  const example = useDocumentImportStore((s) => s.examples[operation] ?? '');
  const setExample = useDocumentImportStore((s) => s.setExample);
  const id = useId();
  const names = document?.candidates.find((c) => c.id === choice)?.open.examples ?? [];
  if (names.length < 2) return null;
  return (
    <div className="field api-import-example" data-testid={`api-import-example-${operation}`}>
      <label htmlFor={`${id}-example`}>Example for {label}</label>
      <select id={`${id}-example`} value={example} onChange={(e) => setExample(operation, e.target.value)}>
        <option value="">The one that fits {label}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
