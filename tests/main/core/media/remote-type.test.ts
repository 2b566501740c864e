// Detecting a media URL's type from the server hosting it: HEAD, a 1-byte GET where HEAD is
// refused, redirects, and a sentence when the server says nothing useful. Real HTTP on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectRemoteType, typeFromHeader } from '../../../../src-main/core/media/remote-type';
import { environmentRoute } from '../../../../src-main/core/http/network/dispatcher-cache';

let server: Server;
let base: string;
const seen: { method: string; url: string; auth: string | undefined; range: string | undefined }[] = [];
const route = { ...environmentRoute({}), ca: () => null };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, range: req.headers.range });
    if (req.url === '/photo') return res.writeHead(200, { 'Content-Type': 'image/png; charset=binary' }).end();
    if (req.url === '/no-head')
      return req.method === 'HEAD' ? res.writeHead(405).end() : res.writeHead(206, { 'Content-Type': 'application/pdf' }).end('%');
    if (req.url === '/moved') return res.writeHead(302, { Location: '/photo' }).end();
    if (req.url === '/loop') return res.writeHead(302, { Location: '/loop' }).end();
    if (req.url === '/blob') return res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end();
    return res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('detectRemoteType', () => {
  it('reads the type from a HEAD answer, sending no credential', async () => {
    expect(await detectRemoteType(`${base}/photo`, route)).toEqual({ mimetype: 'image/png', reason: null });
    expect(seen.at(-1)).toMatchObject({ method: 'HEAD', auth: undefined });
  });

  it('asks for one byte where HEAD is refused, and follows redirects', async () => {
    expect(await detectRemoteType(`${base}/no-head`, route)).toEqual({ mimetype: 'application/pdf', reason: null });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=0-0' });
    expect(await detectRemoteType(`${base}/moved`, route)).toEqual({ mimetype: 'image/png', reason: null });
  });

  it('says why when it cannot tell', async () => {
    expect(await detectRemoteType(`${base}/blob`, route)).toEqual({
      mimetype: null,
      reason: 'The server does not say what the file is: choose its type.',
    });
    expect(await detectRemoteType(`${base}/missing`, route)).toEqual({ mimetype: null, reason: 'The server answered 404: check the URL.' });
    expect(await detectRemoteType(`${base}/loop`, route)).toEqual({ mimetype: null, reason: 'Too many redirects.' });
    expect(await detectRemoteType('ftp://example.com/x', route)).toEqual({ mimetype: null, reason: 'Only http(s) URLs can be asked.' });
    expect((await detectRemoteType('http://127.0.0.1:9/x', route, 2000)).reason).toMatch(/^No answer from 127\.0\.0\.1:9/);
  });

  it('typeFromHeader keeps the base type and ignores octet-stream and junk', () => {
    expect(typeFromHeader('Image/JPEG; q=1')).toBe('image/jpeg');
    expect(typeFromHeader('application/octet-stream')).toBeNull();
    expect(typeFromHeader('nonsense')).toBeNull();
    expect(typeFromHeader(undefined)).toBeNull();
  });
});
