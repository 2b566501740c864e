// A contact's file is never fetched from this machine or the local network, however the address
// is spelt and whatever DNS says between the check and the connection: the previews below name a
// real server on 127.0.0.1, and it must see no request at all.
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchMedia } from '../../../../src-main/core/conversations/media-fetch';
import type { LookupAll } from '../../../../src-main/core/conversations/media-connect-guard';
import { MEDIA_SAMPLES } from '../../../../src-main/sandbox/events/media-samples';

describe('the preview fetch judges the address it connects to', () => {
  let server: Server;
  let port: number;
  let seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end(MEDIA_SAMPLES.image.bytes);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    seen = [];
  });

  it('refuses IPv6 spellings of 127.0.0.1 (mapped, in hex, NAT64, 6to4) and the server sees nothing', async () => {
    for (const host of ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]', '[::ffff:0:7f00:1]']) {
      await expect(fetchMedia(`http://${host}:${port}/p.png`, { serviceHost: 'crm.example.com' }), host).rejects.toMatchObject({
        code: 'validation',
        message: expect.stringContaining('private or local network'),
      });
    }
    expect(seen).toEqual([]);
  });

  it('refuses a name that answers a public address to the check and 127.0.0.1 to the connection', async () => {
    let asked = 0;
    const rebinding: LookupAll = (_name, _options, callback) => {
      asked += 1;
      const address: LookupAddress = asked === 1 ? { address: '93.184.216.34', family: 4 } : { address: '127.0.0.1', family: 4 };
      setImmediate(() => callback(null, [address]));
    };
    await expect(
      fetchMedia(`http://media.rebind.test:${port}/p.png`, { serviceHost: 'crm.example.com', lookup: rebinding }),
    ).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('media.rebind.test') });
    expect(asked).toBe(2);
    expect(seen).toEqual([]);
  });

  it("connects where the lookup says: the service's own name on 127.0.0.1 is fetched", async () => {
    const local: LookupAll = (_name, _options, callback) => setImmediate(() => callback(null, [{ address: '127.0.0.1', family: 4 }]));
    const got = await fetchMedia(`http://crm.internal.test:${port}/p.png`, { serviceHost: 'crm.internal.test', lookup: local });
    expect(got.bytes.equals(MEDIA_SAMPLES.image.bytes)).toBe(true);
    expect(seen).toEqual(['/p.png']);
  });
});
