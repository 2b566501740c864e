import { useId, type RefObject } from 'react';
import type { DescribedOperation, Profile } from '../../../lib/api';
import { selectDescribedOperation, selectDraft, useApiStore } from './api-store';
import { ApiPreviewPanel } from './api-preview-panel';
import { BaseUrlOffer } from './base-url-offer';
import { CredentialNote } from './credential-note';
import { CurlPaste } from './curl-paste';
import { FileOriginOffer } from './file-origin-offer';
import { MappingTable } from './mapping-table';
import { NumberFormatNote } from './number-format-note';
import { OperationActions } from './operation-actions';
import { OperationBadge } from './operation-badge';
import { EDITOR_ID } from './operations-table';
import { ReadOutcome } from './read-outcome';

/** One operation: paste and read a cURL, correct the mapping, see the request, save or reset. */
export function OperationEditor({
  operation,
  profile,
  headingRef,
}: {
  operation: DescribedOperation;
  profile: Profile;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const current = useApiStore(selectDescribedOperation(operation));
  const draft = useApiStore(selectDraft(operation));
  const id = useId();
  const label = current?.label ?? operation;
  const spec = draft.proposal?.spec ?? current?.spec ?? null;
  return (
    <section className="api-editor" id={EDITOR_ID} aria-labelledby={`${id}-title`} data-testid="api-editor">
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {label} {current && <OperationBadge custom={current.custom} absent={current.absent} />}
      </h3>
      <div className="api-editor-grid">
        <div className="api-editor-input">
          <CurlPaste operation={operation} label={label} />
          <ReadOutcome draft={draft} />
          {draft.proposal?.fileOrigin !== undefined && draft.origin?.kind === 'curl' ? (
            <FileOriginOffer origin={draft.proposal.fileOrigin} curl={draft.origin.curl} profile={profile} />
          ) : (
            draft.proposal && <BaseUrlOffer proposed={draft.proposal.baseUrl} profile={profile} />
          )}
        </div>
        <ApiPreviewPanel preview={draft.preview} proposed={draft.proposal !== null} />
      </div>
      {draft.proposal && draft.proposal.fileOrigin === undefined ? (
        <MappingTable operation={operation} label={label} draft={draft} />
      ) : (
        <p className="muted" data-testid="mapping-empty">
          {current?.absent
            ? 'This service does not offer this operation: it is never asked for.'
            : current?.custom
              ? 'This profile has its own description of this operation.'
              : 'This operation follows the app’s own API (the one the built-in sandbox speaks).'}{' '}
          Read a cURL to see and change how each field is filled.
        </p>
      )}
      {spec && <CredentialNote spec={spec} />}
      {spec && <NumberFormatNote spec={spec} />}
      <OperationActions
        operation={operation}
        label={label}
        draft={draft}
        custom={current?.custom ?? false}
        absent={current?.absent ?? false}
        headingRef={headingRef}
      />
    </section>
  );
}
