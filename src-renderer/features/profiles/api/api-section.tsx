import { useEffect, useRef } from 'react';
import type { DescribedOperation, Profile } from '../../../lib/api';
import { ErrorMessage } from '../../../ui/messages';
import { selectSelected, useApiStore } from './api-store';
import { DocumentImport } from './document-import';
import { OperationEditor } from './operation-editor';
import { OperationsTable } from './operations-table';
import { usePicked } from '../../../app/use-picked';

/** Profiles -> Edit -> API: importing from an API document, the described operations and the editor of the one picked. */
export function ApiSection({ profile }: { profile: Profile }) {
  const { open, select, status, error } = usePicked(useApiStore, 'open', 'select', 'status', 'error');
  const selected = useApiStore(selectSelected);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // set by "Edit": focus follows the person to the editor they asked for, not on every render
  const focusWanted = useRef(false);

  // a new base URL changes every URL the previews show
  useEffect(() => {
    void open(profile.id);
  }, [open, profile.id, profile.baseUrl]);

  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    headingRef.current?.focus();
  }, [selected]);

  const onEdit = (operation: DescribedOperation) => {
    if (operation === selected) {
      headingRef.current?.focus();
      return;
    }
    focusWanted.current = true;
    select(operation);
  };

  return (
    <div className="api-section" data-testid="api-section">
      <p className="hint">
        Until you describe an operation here, the app asks for it the way its own API does (the one the built-in sandbox speaks). Paste the
        cURL the service’s playground shows for it, check what each field stands for, and save. Nothing changes before you press Save.
      </p>
      {status === 'error' && error && <ErrorMessage error={error} prefix="The API description could not be loaded" />}
      {status === 'ready' && <DocumentImport profileId={profile.id} onRead={onEdit} />}
      <OperationsTable selected={selected} onEdit={onEdit} />
      <OperationEditor key={selected} operation={selected} profile={profile} headingRef={headingRef} />
    </div>
  );
}
