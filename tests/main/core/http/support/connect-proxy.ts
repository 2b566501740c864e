// A real HTTP proxy on 127.0.0.1 for the proxy tests (CONNECT tunnels, as undici's ProxyAgent
// asks for http and https origins alike).
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

/**
 * an HTTP proxy that tunnels CONNECT and remembers where each tunnel went. Loopback is never
 * proxied from the environment, so the tests name the sandbox `*.proxied.test`, a host only
 * this proxy knows: it tunnels those names to 127.0.0.1.
 */
export async function startProxy(): Promise<{ url: string; tunnels: string[]; close(): Promise<void> }> {
  const tunnels: string[] = [];
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client, head) => {
    tunnels.push(req.url ?? '');
    const [host = '', port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host.endsWith('.proxied.test') ? '127.0.0.1' : host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
