// The IPC contract's invoke channels for contacts, staged files and the send form. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { ContactPage, FilePurpose, SendResult, StagedFile } from '../../shared/model';
import type { ClipboardReport, RequestPreview, SendDraft } from '../../shared/ipc-types';

export interface SendInvokeMap {
  /** one page of the active profile's contacts, asked with its active key */
  'contacts:list': { payload: { page: number; perPage: number; search?: string }; value: ContactPage };
  /** main opens its own file dialog (the window never sees a path) and stages the chosen file; null when the person cancels */
  'files:pick': { payload: { purpose: FilePurpose }; value: StagedFile | null };
  /** bytes from a drop or a recording (renderer -> main), written to a private temporary file; refused over the purpose's limit */
  'files:stage': { payload: { name: string; bytes: Uint8Array; purpose: FilePurpose }; value: StagedFile };
  /** main forgets a staged file and deletes its temporary copy, if it made one */
  'files:release': { payload: { fileId: string }; value: null };
  /** the exact request the draft would make (the key written as $CRM_API_KEY) and what would stop it; sends nothing */
  'send:preview': { payload: { draft: SendDraft }; value: RequestPreview };
  /**
   * The draft keeps its Idempotency-Key until a definite answer, so pressing Send again after an
   * ambiguous one (5xx, timeout, reset, an unreadable 2xx) can never make a second message.
   * Right after a definite success the same draft is refused ('conflict') unless `again` says
   * the person chose to send it once more. send:progress events carry `requestId` meanwhile.
   */
  'send:submit': { payload: { draft: SendDraft; requestId: string; again?: boolean }; value: SendResult };
  /**
   * Asks the server hosting a media URL what the file is (HEAD, then a 1-byte GET where HEAD is
   * refused), for a URL without a telling extension; the person asked for it. No key is sent.
   */
  'media:detect-type': { payload: { url: string }; value: { mimetype: string | null; reason: string | null } };
  /** aborts the send with this requestId; its send:submit then answers 'cancelled' */
  'send:cancel': { payload: { requestId: string }; value: null };
  /** main writes the draft's cURL to the clipboard; `withKey` puts the real key in it (the window asks the person first) and clears it later */
  'send:copy-curl': { payload: { draft: SendDraft; withKey: boolean }; value: ClipboardReport };
}
