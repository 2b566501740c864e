import type { OperationSpec } from '../../../lib/api';
import { describeCredential } from '../../../../src-main/shared/credential-words';

/** Where this operation carries the profile's key and how its body is written; never the key itself. */
export function CredentialNote({ spec }: { spec: OperationSpec }) {
  return (
    <p className="api-number" data-testid="credential-placement">
      The key (from the keychain) goes as <code className="mono nowrap">{describeCredential(spec.credential)}</code>
      {spec.body !== null && <>; the body is sent as {spec.encoding === 'form' ? 'a form (application/x-www-form-urlencoded)' : 'JSON'}</>}.
    </p>
  );
}
