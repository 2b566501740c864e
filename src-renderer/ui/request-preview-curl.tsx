// A request preview's body, the same in the send panels and the API mapping editor: the request
// main built as a cURL (or where it will show), and why the preview failed when it did.
import type { ErrorInfo } from '../lib/api';
import { CurlView } from './curl-view';
import { ErrorMessage } from './messages';

export interface PreviewedRequest {
  method: string;
  url: string;
  curl: string;
}

export function RequestPreviewCurl({
  request,
  loading,
  error,
}: {
  request: PreviewedRequest | null | undefined;
  loading: boolean;
  error: ErrorInfo | null | undefined;
}) {
  return (
    <>
      <CurlView
        method={request?.method ?? null}
        url={request?.url ?? ''}
        curl={request?.curl ?? ''}
        loading={loading}
        placeholder="The request appears here."
      />
      {error && <ErrorMessage error={error} prefix="The preview failed" />}
    </>
  );
}
