/**
 * Method, URL and a cURL as main wrote it: the one look every request preview has (the send
 * panels and the API mapping editor). Purely presentational; the caller owns the request.
 */
export function CurlView({
  method,
  url,
  curl,
  loading,
  placeholder,
}: {
  method: string | null;
  url: string;
  curl: string;
  loading: boolean;
  placeholder: string;
}) {
  return (
    <>
      <div role="group" aria-label="Endpoint" className="endpoint" data-testid="endpoint">
        {method !== null ? (
          <>
            <span className="method">{method}</span> <span className="mono url">{url}</span>
          </>
        ) : (
          <span className="muted">{loading ? 'Preparing the request…' : placeholder}</span>
        )}
      </div>
      <pre className="curl" role="region" aria-label="cURL preview" tabIndex={0} aria-busy={loading} data-testid="curl-preview">
        <code>{curl}</code>
      </pre>
    </>
  );
}
