import type { OperationSpec } from '../../../lib/api';
import { describeCredential } from '../../../../src-main/shared/credential-words';

const ENCODING_WORDS: Readonly<Record<NonNullable<OperationSpec['encoding']>, string>> = {
  json: 'JSON',
  form: 'a form (application/x-www-form-urlencoded)',
  multipart: 'a multipart form (multipart/form-data), the file streamed from disk',
};

/** Where this operation carries the profile's key and how its body is written; never the key itself. */
export function CredentialNote({ spec }: { spec: OperationSpec }) {
  const elsewhere = spec.fileOrigins ?? [];
  return (
    <>
      <p className="api-number" data-testid="credential-placement">
        The key (from the keychain) goes as <code className="mono nowrap">{describeCredential(spec.credential)}</code>
        {spec.body !== null && <>; the body is sent as {ENCODING_WORDS[spec.encoding ?? 'json']}</>}.
      </p>
      {elsewhere.length > 0 && (
        <p className="api-number" data-testid="file-origins-note">
          For a received file’s bytes only, it also goes to{' '}
          {elsewhere.map((o, i) => (
            <span key={o}>
              {i > 0 && ', '}
              <code className="mono nowrap">{o}</code>
            </span>
          ))}{' '}
          (allowed by you; <code className="mono">crm profiles api file-origins --remove ORIGIN</code> stops it).
        </p>
      )}
    </>
  );
}
