// A pasted cURL is sent as curl itself sends it: each case runs the real curl and the app's send
// of the operation learned from the same paste against one loopback capture server, and compares
// method, path and query, headers and the body's bytes. Only who sends (User-Agent, curl's
// Accept of any type), the multipart boundary and the key the app adds where the paste had none
// may differ; the values the app substitutes (number, text, the file) are given as in the paste.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurlParseError } from '../../../../src-main/core/api/curl/curl-parse';
import type { DescribedOperation } from '../../../../src-main/core/api/types';
import type { Operation } from '../../../../src-main/core/operations';
import { startJsonServer, type LocalServer } from '../http/support/local-server';
import { tempDir } from '../../helpers/temp-dir';
import { curlAvailable } from '../../sandbox/run-curl';
import { appSends, curlSends, learnSpec, wireOf, withoutDefaultKey } from './support/curl-wire';

const KEY = 'tok_Wire7Parity3Key9Value';
let server: LocalServer;
let photo: string;
beforeAll(async () => {
  server = await startJsonServer(200, '{"id":"m_1","messages":[],"data":[]}');
  // a JPEG's first bytes: the app sniffs the type the paste names
  photo = join(await tempDir('crm-curl-wire-'), 'photo.jpg');
  await writeFile(photo, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x41, 0x42]));
});
afterAll(async () => server.close());

const LIST: Operation = { op: 'templates.list', input: {} };
const NUMBER = '+5511999990000';
const IDEMPOTENCY_KEY = 'b1d3f5a7-0000-4000-8000-000000000002';
const text = (number: string, body: string): Operation => ({
  op: 'messages.text',
  input: { number, text: body },
  idempotencyKey: IDEMPOTENCY_KEY,
});
const upload = (): Operation => ({ op: 'media.upload', input: { source: { kind: 'file', path: photo }, mediatype: 'image' } });

/** curl's and the app's requests for `args`, as comparable text. */
async function both(args: string, operation: Operation, keepAccept = false) {
  const spec = learnSpec(server, args, operation.op as DescribedOperation);
  const byCurl = wireOf(await curlSends(server, args), keepAccept);
  const byApp = withoutDefaultKey(wireOf(await appSends(server, spec, operation, KEY), keepAccept), byCurl, KEY);
  const shown = (wire: typeof byCurl) => ({ ...wire, body: wire.body.toString('latin1') });
  return { byCurl: shown(byCurl), byApp: shown(byApp), spec };
}

async function expectSame(args: string, operation: Operation, keepAccept = false) {
  const result = await both(args, operation, keepAccept);
  expect(result.byApp).toEqual(result.byCurl);
  return result;
}

describe.skipIf(!curlAvailable)('an imported cURL goes on the wire as curl sends it', () => {
  it('-F \'name="value"\' loses its quotes, as curl strips them (Meta\'s upload: messaging_product="whatsapp")', async () => {
    const { byApp } = await expectSame(
      `{URL}/v1/media -F 'messaging_product="whatsapp"' -F 'type="image/jpeg"' -F ` + `'file=@${photo};type=image/jpeg'`,
      upload(),
    );
    expect(byApp.body).toContain('\r\n\r\nwhatsapp\r\n');
  });

  it('-F text parts read as curl reads them: escapes in quotes, an unclosed quote, blanks around, text after the quote', async () => {
    const parts = [`'a="x\\"y\\\\z\\q"'`, `'b="x;type=text/foo"'`, `'c=plain"q"'`, `'d="open'`];
    parts.push(`'f=  "sp"'`, `'g=  plain'`, `'h=plain  '`, `'i="a"b'`);
    const { byApp } = await expectSame(
      `{URL}/v1/media ${parts.map((p) => `-F ${p}`).join(' ')} -F ` + `'file=@${photo};type=image/jpeg'`,
      upload(),
    );
    expect(byApp.body).toContain('\r\n\r\nx"y\\z\\q\r\n');
  });

  it('-F file=@x;type=… with an explicit multipart Content-Type is a multipart upload, not JSON', async () => {
    await expectSame(
      `-X POST {URL}/v1/media -H 'Content-Type: multipart/form-data' -F 'file=@${photo};type=image/jpeg' -F ` +
        `'messaging_product=whatsapp'`,
      upload(),
    );
  });

  it('-d item[]=1 -d item[]=2 is a form list, sent with its brackets as written', async () => {
    const { spec } = await expectSame(
      `{URL}/v1/send -d to=5511999990000 -d text=hi -d 'item[]=1' -d ` + `'item[]=2'`,
      text('5511999990000', 'hi'),
    );
    expect(spec.encoding).toBe('form');
  });

  it("Accept and Content-Type of the service's own (application/vnd.api+json) are sent as given", async () => {
    await expectSame(`{URL}/v1/templates -H 'Accept: application/vnd.api+json'`, LIST, true);
    await expectSame(
      `{URL}/v1/send -H 'Content-Type: application/vnd.api+json' -H 'accept: application/vnd.api+json' ` +
        `--data-binary '{"to":"${NUMBER}","text":"hi"}'`,
      text(NUMBER, 'hi'),
      true,
    );
    await expectSame(
      `{URL}/v1/send -H 'Content-Type: application/json; charset=utf-8' --data-binary ` + `'{"to":"${NUMBER}","text":"hi"}'`,
      text(NUMBER, 'hi'),
    );
  });

  it('Origin and Referer naming a page are kept (long URLs with digits are no secret)', async () => {
    await expectSame(
      `{URL}/v1/templates -H 'Origin: https://app.example.org' -H 'Referer: ` + `https://app.example.org/inbox/42/thread/9000'`,
      LIST,
    );
    await expectSame(`{URL}/v1/templates -e https://app.example.org/inbox/42/thread/9000`, LIST);
  });

  it('Range: bytes=600- keeps its open end, from -H and from -r', async () => {
    await expectSame(`{URL}/v1/templates -H 'Range: bytes=600-'`, LIST);
    await expectSame(`{URL}/v1/templates -r 600-`, LIST);
  });

  it('a repeated query key (key=one&key=two) is a list, sent twice, not a credential', async () => {
    const { spec } = await expectSame(`'{URL}/v1/templates?key=one&key=two'`, LIST);
    expect(spec.credential).toBeUndefined();
    await expectSame(`-G {URL}/v1/templates --url-query key=one --url-query key=two`, LIST);
    await expectSame(`-G {URL}/v1/templates -d tag=a -d tag=b`, LIST);
  });

  it('JSON numbers are kept as written (1234567890123456789e1, 15e-1, 1e3, 1.0, -0)', async () => {
    await expectSame(
      `{URL}/v1/send -H 'Content-Type: application/json' --data-binary ` +
        `'{"to":"${NUMBER}","text":"hi","a":1234567890123456789e1,"b":15e-1,"c":1e3,"d":[1.0,-0,1E3]}'`,
      text(NUMBER, 'hi'),
    );
  });

  it('a body field literally named $role is a constant, never a slot', async () => {
    await expectSame(
      `{URL}/v1/send -H 'Content-Type: application/json' --data-binary ` +
        `'{"to":"${NUMBER}","text":"hi","meta":{"$role":"text"},"$role":"number"}'`,
      text(NUMBER, 'hi'),
    );
  });

  it('a key in the query (?token=, ?access_token=, ?apikey=) is learned as where the key goes and sent there', async () => {
    for (const name of ['token', 'access_token', 'apikey']) {
      const { spec } = await expectSame(`'{URL}/v1/templates?${name}=${KEY}'`, LIST);
      expect(spec.credential).toEqual({ in: 'query', name });
      expect(JSON.stringify(spec)).not.toContain(KEY);
    }
    // at its place among the pairs, as curl sends it
    const { spec } = await expectSame(`'{URL}/v1/templates?access_token=${KEY}&page=1'`, LIST);
    expect(spec.credential).toEqual({ in: 'query', name: 'access_token', at: 0 });
    await expectSame(`-G {URL}/v1/templates -d page=1 -d apikey=${KEY} -d per_page=20`, LIST);
  });

  it("a Latin-1 body ($'caf\\xe9') is refused with the reason, never re-encoded; the same text in UTF-8 bytes is read", async () => {
    const latin1 = `{URL}/v1/send -H 'Content-Type: text/plain; charset=iso-8859-1' --data-binary $'{"to":"${NUMBER}","text":"caf\\xe9"}'`;
    const reason = /holds escaped bytes that are not UTF-8 text, such as Latin-1.*write the characters themselves/;
    expect(() => learnSpec(server, latin1, 'messages.text')).toThrow(reason);
    expect(() => learnSpec(server, `{URL}/v1/templates -H $'X-Note: \\xe9t\\xe9'`, 'templates.list')).toThrow(CurlParseError);
    await expectSame(
      `{URL}/v1/send -H 'Content-Type: application/json; charset=utf-8' --data-binary ` + `$'{"to":"${NUMBER}","text":"caf\\xc3\\xa9"}'`,
      text(NUMBER, 'café'),
    );
  });

  it('-u USER:SECRET is sent as curl sends it when the key is the pasted secret', async () => {
    await expectSame(`{URL}/v1/templates -u AC0123:${KEY}`, LIST);
  });
});
