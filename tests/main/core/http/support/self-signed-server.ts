// A real HTTPS server on 127.0.0.1 behind the self-signed test certificate, for the trust and
// timing tests: it answers every request with an empty contacts page, so that only the TLS
// decision (trusted or refused) and the connection's phases make the difference.
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { TEST_CERT, TEST_CERT_KEY } from './self-signed';

export interface SelfSignedServer {
  /** https://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

export async function startSelfSignedServer(): Promise<SelfSignedServer> {
  const server = createServer({ cert: TEST_CERT, key: TEST_CERT_KEY }, (_req, res) =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"meta":{"page":1,"per_page":5,"total":0}}'),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}
