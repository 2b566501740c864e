// parseCurl against what curl 8 actually sends: comment lines around a pasted command, header
// values kept byte for byte, the Content-Type curl would pick for the body, and the encodings
// of the data options.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { URL_, errorOf, header } from './parsed-curl';
import { proposeOperation } from '../../../../src-main/core/api/propose';

describe('parseCurl: shell comments around the command', () => {
  it('a comment line before the command is skipped, as the shell skips it', () => {
    const parsed = parseCurl(`# Send a text message\ncurl ${URL_} -d 'a=1'`);
    expect(parsed).toMatchObject({ method: 'POST', url: URL_, body: 'a=1' });
    expect(parsed.warnings).toEqual([]);
  });

  it('several comment lines and blank lines, with CRLF, before a continued command and a $ prompt', () => {
    const text =
      `\r\n# Send a text message\r\n#   (needs a token)\r\n\r\n   # indented comment with 'quotes' and ` +
      `"more"\r\n$ curl ${URL_} \\\r\n  -H 'X-A: 1' \\\r\n  -d 'a=1'\r\n`;
    const parsed = parseCurl(text);
    expect(parsed).toMatchObject({ method: 'POST', url: URL_, body: 'a=1', headers: [{ name: 'X-A', value: '1' }] });
    expect(parsed.warnings).toEqual([]);
  });

  it('a trailing comment on the last line is ignored, quotes inside it included', () => {
    const parsed = parseCurl(`# docs\ncurl ${URL_} \\\n  -d 'a=1' # it's the note`);
    expect(parsed).toMatchObject({ body: 'a=1', url: URL_ });
    expect(parsed.unknown).toEqual([]);
  });

  it('comments above cmd and PowerShell pastes, a #! line, a comment ending in \\, after a byte-order mark', () => {
    expect(parseCurl(`# Windows\r\ncurl.exe "${URL_}" ^\r\n  -d "a=1"`)).toMatchObject({ url: URL_, body: 'a=1', warnings: [] });
    expect(parseCurl(`# PowerShell\ncurl.exe ${URL_} \`\n  -d 'a=1' # trailing`)).toMatchObject({ url: URL_, body: 'a=1', warnings: [] });
    expect(parseCurl(`#!/bin/sh\n# a comment ends at its line, even after \\\ncurl ${URL_}`)).toMatchObject({ url: URL_, method: 'GET' });
    expect(parseCurl(`\ufeff# title\ncurl ${URL_}`).url).toBe(URL_);
  });

  it('a word with # inside is not a comment', () => {
    expect(parseCurl(`curl ${URL_}#top -d a#b`)).toMatchObject({ url: `${URL_}#top`, body: 'a#b' });
  });

  it('only comments, or prose after a comment, is still not a curl command', () => {
    expect(errorOf('# just a comment\n# and another')).toMatch(/does not look like a curl command/);
    expect(errorOf('# Send a text message\nwget https://x.example')).toMatch(/does not look like a curl command/);
  });
});

describe('parseCurl: header values exactly as curl sends them', () => {
  it('a Range header keeps its trailing -', () => {
    expect(header(parseCurl(`curl ${URL_} -H 'Range: bytes=600-'`), 'Range')).toBe('bytes=600-');
    expect(header(parseCurl(`curl ${URL_} -r 600-`), 'Range')).toBe('bytes=600-');
    expect(header(parseCurl(`curl ${URL_} --range 600-`), 'Range')).toBe('bytes=600-');
    expect(header(parseCurl(`curl ${URL_} --range=600- -o part`), 'Range')).toBe('bytes=600-');
    expect(header(parseCurl(`curl ${URL_} -r600-`), 'Range')).toBe('bytes=600-');
    expect(header(parseCurl(`curl ${URL_} \\\n  -r 600- \\\n  -o part`), 'Range')).toBe('bytes=600-');
    expect(header(parseCurl(`curl.exe ${URL_} -H "Range: bytes=600-" ^\n -o part`), 'Range')).toBe('bytes=600-');
    expect(header(parseCurl(`curl ${URL_} -r -500`), 'Range')).toBe('bytes=-500');
    // and the description learned from it keeps the header as given
    expect(proposeOperation(parseCurl(`curl '${URL_}?page=1' -r 600-`), 'messages.list').spec.headers).toEqual([
      { name: 'Range', value: 'bytes=600-' },
    ]);
  });

  it('non-ASCII header values are kept as text (the sender writes their UTF-8 bytes)', () => {
    expect(header(parseCurl(`curl ${URL_} -H 'X-Note: café'`), 'X-Note')).toBe('café');
    expect(header(parseCurl(`curl ${URL_} -H $'X-Note: caf\\xc3\\xa9'`), 'X-Note')).toBe('café');
  });
});

describe('parseCurl: the Content-Type curl would send', () => {
  it('-d without a Content-Type header is sent as a form', () => {
    const parsed = parseCurl(`curl ${URL_} -d 'a=1&b=2'`);
    expect(parsed.contentType).toBe('application/x-www-form-urlencoded');
    expect(parsed.headers).toEqual([]); // the headers stay as given; contentType says what curl adds
    expect(parseCurl(`curl ${URL_} --data-raw '{"a":1}'`).contentType).toBe('application/x-www-form-urlencoded');
    expect(parseCurl(`curl ${URL_} --data-urlencode 'a=b'`).contentType).toBe('application/x-www-form-urlencoded');
    expect(parseCurl(`curl ${URL_} --data-binary ''`).contentType).toBe('application/x-www-form-urlencoded');
  });

  it('an explicit Content-Type wins, whatever its case', () => {
    expect(parseCurl(`curl ${URL_} -H 'content-type: application/json' -d '{"a":1}'`).contentType).toBe('application/json');
    expect(parseCurl(`curl ${URL_} -d '{}' -H 'Content-Type: text/plain; charset=utf-8'`).contentType).toBe('text/plain; charset=utf-8');
    expect(parseCurl(`curl ${URL_} -H 'Content-Type: application/json' --json '{}'`).contentType).toBe('application/json');
    expect(parseCurl(`curl ${URL_} -H 'Content-Type: text/csv' --json '{}'`).contentType).toBe('text/csv');
  });

  it('--json sends application/json (and Accept), also after a -d piece', () => {
    const parsed = parseCurl(`curl ${URL_} --json '{"a":1}'`);
    expect(parsed.contentType).toBe('application/json');
    expect(header(parsed, 'Content-Type')).toBe('application/json');
    expect(header(parsed, 'Accept')).toBe('application/json');
    expect(parseCurl(`curl ${URL_} -d '{"a":' --json '1}'`).contentType).toBe('application/json');
  });

  it('no body, -G, or a removed Content-Type: none, unless given explicitly', () => {
    expect(parseCurl(`curl ${URL_}`).contentType).toBeNull();
    expect(parseCurl(`curl -G ${URL_} -d key=value`).contentType).toBeNull();
    expect(parseCurl(`curl ${URL_} -H 'Content-Type:' -d a=1`).contentType).toBeNull();
    expect(parseCurl(`curl ${URL_} -H 'Content-Type;' -d a=1`).contentType).toBe('');
    expect(parseCurl(`curl ${URL_} -H 'Content-Type: application/json'`).contentType).toBe('application/json');
  });
});

describe('parseCurl: data options as curl 8 reads them', () => {
  it("--data-urlencode 'text=olá mundo' encodes the UTF-8 bytes, space as +", () => {
    expect(parseCurl(`curl ${URL_} --data-urlencode 'text=olá mundo'`).body).toBe('text=ol%C3%A1+mundo');
  });

  it('--data-urlencode name@file is refused with the reason', () => {
    expect(errorOf(`curl ${URL_} --data-urlencode name@file`)).toMatch(
      /reads its content from a local file, which cannot be read from a pasted command/,
    );
    expect(errorOf(`curl ${URL_} --data-urlencode @file`)).toMatch(/local file/);
  });

  it('-G -d key=value goes to the query of a GET', () => {
    expect(parseCurl(`curl -G ${URL_} -d key=value`)).toMatchObject({ method: 'GET', url: `${URL_}?key=value`, body: null });
    expect(parseCurl(`curl ${URL_}?a=1 -G -d key=value -d k2=v2`).url).toBe(`${URL_}?a=1&key=value&k2=v2`);
  });

  it('--url-query encodes like --data-urlencode, and keeps a +raw piece as is', () => {
    expect(parseCurl(`curl ${URL_} --url-query 'text=olá mundo' --url-query '+page=2'`)).toMatchObject({
      method: 'GET',
      url: `${URL_}?text=ol%C3%A1+mundo&page=2`,
    });
  });

  it("an ANSI-C $'...' body gives its bytes back", () => {
    expect(parseCurl(`curl ${URL_} --data-raw $'{"text":"it\\'s\\n\\u00e9 \\xe2\\x82\\xac"}'`).body).toBe(
      '{"text":"it\'s\n\u00e9 \u20ac"}',
    );
  });

  it('a Windows cmd paste with ^ continuations', () => {
    const parsed = parseCurl(`curl "${URL_}" ^\r\n  -H "Content-Type: application/json" ^\r\n  -d "{\\"to\\":\\"+15551234567\\"}"`);
    expect(parsed).toMatchObject({ method: 'POST', url: URL_, body: '{"to":"+15551234567"}', contentType: 'application/json' });
  });
});
