// The IPC contract's invoke channels for a profile's API description: cURL, OpenAPI and Postman imports, and the previews. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { Profile } from '../../shared/model';
import type {
  ApiPreview,
  DescribedApi,
  DescribedOperation,
  OperationSpec,
  Proposal as ApiProposal,
  RoleFixes,
} from '../../shared/api-description';
import type { ApiDocumentProposal, ApiDocumentSource, ApiDocumentView } from '../../shared/api-document';
import type { FileOriginAllowed } from '../../shared/conversation';

export interface ApiInvokeMap {
  /** every described operation of a profile: its spec (own or docs/API.md's) and whether it is its own */
  'api:describe': { payload: { profileId: string }; value: DescribedApi };
  /** reads a pasted cURL and proposes the operation's description; saves nothing */
  'api:import-curl': { payload: { profileId: string; operation: DescribedOperation; curl: string; fixes?: RoleFixes }; value: ApiProposal };
  /**
   * The pasted Download media cURL is a received file's own address on another origin (its
   * proposal names `fileOrigin`): main reads the cURL again itself, asks the person whether the
   * profile's key may go to that origin for received files, and on yes lists it and tries the
   * downloads refused for it again. Nothing of the cURL is saved as the operation.
   */
  'api:allow-file-origin': { payload: { profileId: string; curl: string }; value: FileOriginAllowed };
  /** stores one operation's description with the profile; profiles:changed follows */
  'api:save': { payload: { profileId: string; operation: DescribedOperation; spec: OperationSpec }; value: Profile };
  /** back to docs/API.md for one operation or all; profiles:changed follows */
  'api:reset': { payload: { profileId: string; operation: DescribedOperation | 'all' }; value: Profile };
  /** records that the service does not offer the operation (or that it does); profiles:changed follows */
  'api:mark-absent': { payload: { profileId: string; operation: DescribedOperation; absent: boolean }; value: Profile };
  /** the request a spec (null: the saved one) makes with example values, as a cURL */
  'api:preview': { payload: { profileId: string; operation: DescribedOperation; spec: OperationSpec | null }; value: ApiPreview };
  /**
   * Reads an OpenAPI 3 document or a Postman collection, from a file main's own dialog picks (the
   * window never sees its path or text) or an https URL (plain http only to this computer), and
   * answers its operations under a handle main keeps it by for a while. null: the dialog was cancelled.
   */
  'api:spec-load': { payload: { profileId: string; source: ApiDocumentSource }; value: ApiDocumentView | null };
  /** proposes one operation from one of a loaded document's candidates, with the values the person gave; saves nothing */
  'api:spec-propose': {
    payload: {
      profileId: string;
      handle: string;
      operation: DescribedOperation;
      candidateId: string;
      vars?: Record<string, string>;
      user?: string;
      fixes?: RoleFixes;
      example?: string;
    };
    value: ApiDocumentProposal;
  };
}
