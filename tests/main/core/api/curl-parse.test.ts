// parseCurl: every option and quoting form people paste (curl docs, Postman, Insomnia,
// readme.io, DevTools "Copy as cURL" for bash and cmd, PowerShell), hostile input with the
// message it gets, and round trips of tricky bodies through each quoting style.
import { describe, expect, it } from 'vitest';
import { CurlParseError, parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { URL_, errorOf, header } from './parsed-curl';
import { trickyStrings } from '../tricky-inputs';
import { PATHOLOGICAL_CURLS } from '../../../fixtures/pathological-curls';

/** POSIX single quoting, as the brief defines it. */
function posixQuote(s: string): string {
  return `'${s.replace(/'/g, "'\\''")}'`;
}

/** POSIX double quoting: only \ " $ ` need a backslash. */
function doubleQuote(s: string): string {
  return `"${s.replace(/[\\"$`]/g, '\\$&')}"`;
}

/** Chromium DevTools' "Copy as cURL (bash)" quoting (escapeStringPosix). */
function chromeBashQuote(s: string): string {
  // eslint-disable-next-line no-control-regex -- the characters DevTools escapes
  if (!/[\u0000-\u001f\u007f-\u009f!]|'/.test(s)) return `'${s}'`;
  return `$'${s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    // eslint-disable-next-line no-control-regex -- the characters DevTools escapes
    .replace(/[\u0000-\u001f\u007f-\u009f!]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}

/** Chromium DevTools' "Copy as cURL (cmd)" quoting (escapeStringWin). */
function chromeCmdQuote(s: string): string {
  return `^"${s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.',?;()*`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/\r?\n/g, '^\n\n')}^"`;
}

describe('parseCurl: options', () => {
  it('-X / --request sets the method, upper-cased', () => {
    expect(parseCurl(`curl -X DELETE ${URL_}`).method).toBe('DELETE');
    expect(parseCurl(`curl --request patch ${URL_}`).method).toBe('PATCH');
    expect(parseCurl(`curl ${URL_}`).method).toBe('GET');
    expect(errorOf(`curl -X 'PO ST' ${URL_}`)).toMatch(/not a valid HTTP method/);
  });

  it('--url gives the URL', () => {
    const parsed = parseCurl(`curl --url ${URL_}?a=1 -X GET`);
    expect(parsed.url).toBe(`${URL_}?a=1`);
    expect(parsed.method).toBe('GET');
  });

  it('-H / --header keeps headers in order, as given', () => {
    const parsed = parseCurl(
      `curl ${URL_} -H 'Accept: application/json' --header 'X-Trace:  abc  ' -H 'x-empty;' -H 'Content-Type: text/plain'`,
    );
    expect(parsed.headers).toEqual([
      { name: 'Accept', value: 'application/json' },
      { name: 'X-Trace', value: 'abc' },
      { name: 'x-empty', value: '' },
      { name: 'Content-Type', value: 'text/plain' },
    ]);
  });

  it("-H 'Name:' (curl's way to remove its own header) is ignored with a warning", () => {
    const parsed = parseCurl(`curl ${URL_} -H 'Expect:'`);
    expect(parsed.headers).toEqual([]);
    expect(parsed.ignored).toEqual(['-H Expect:']);
    expect(parsed.warnings.join(' ')).toMatch(/Expect/);
  });

  it('-H without a colon, with a bad name or a line break is refused', () => {
    expect(errorOf(`curl ${URL_} -H 'Authorization Bearer x'`)).toMatch(/has no colon; write it as Name: value/);
    expect(errorOf(`curl ${URL_} -H 'Content Type: x'`)).toMatch(/not a valid header name/);
    expect(errorOf(`curl ${URL_} -H $'X-A: 1\\r\\nX-B: 2'`)).toMatch(/line break/);
    expect(errorOf(`curl ${URL_} -H @headers.txt`)).toMatch(/local file/);
  });

  it('-d / --data makes a POST; several are joined with &', () => {
    const parsed = parseCurl(`curl ${URL_} -d a=1 --data 'b=2' -d ''`);
    expect(parsed.method).toBe('POST');
    expect(parsed.body).toBe('a=1&b=2&');
    expect(parseCurl(`curl ${URL_} -d ''`).body).toBe('');
  });

  it('--data-raw keeps a leading @ as text', () => {
    expect(parseCurl(`curl ${URL_} --data-raw '@not-a-file'`).body).toBe('@not-a-file');
  });

  it('--data-binary and --data-ascii send the text as given', () => {
    expect(parseCurl(`curl ${URL_} --data-binary $'line1\\nline2\\n'`).body).toBe('line1\nline2\n');
    expect(parseCurl(`curl ${URL_} --data-ascii 'x=1'`).body).toBe('x=1');
  });

  it('--json sets the body and adds JSON Content-Type and Accept when absent', () => {
    const parsed = parseCurl(`curl ${URL_} --json '{"a":1}'`);
    expect(parsed.method).toBe('POST');
    expect(parsed.body).toBe('{"a":1}');
    expect(parsed.headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'Accept', value: 'application/json' },
    ]);
    const own = parseCurl(`curl ${URL_} --json '{"a":' --json '1}' -H 'accept: */*'`);
    expect(own.body).toBe('{"a":1}'); // curl joins --json pieces without &
    expect(own.headers).toEqual([
      { name: 'accept', value: '*/*' },
      { name: 'Content-Type', value: 'application/json' },
    ]);
  });

  it('--data-urlencode encodes the content the way curl does', () => {
    const parsed = parseCurl(`curl ${URL_} --data-urlencode 'text=hi there & 100% é' --data-urlencode '=a/b' --data-urlencode 'plain~._-'`);
    expect(parsed.body).toBe('text=hi+there+%26+100%25+%C3%A9&a%2Fb&plain~._-');
    expect(errorOf(`curl ${URL_} --data-urlencode name@file.txt`)).toMatch(/local file/);
  });

  it('-G / --get moves the data into the query, URL-encoded, before any #fragment', () => {
    const parsed = parseCurl(`curl -G '${URL_}?page=2#top' -d 'q=hello world' --data-urlencode 'name=a b&c' -d 'x=é"#'`);
    expect(parsed.method).toBe('GET');
    expect(parsed.body).toBeNull();
    expect(parsed.url).toBe(`${URL_}?page=2&q=hello%20world&name=a+b%26c&x=%C3%A9%22%23#top`);
    expect(parseCurl(`curl --get ${URL_} -d a=1`).url).toBe(`${URL_}?a=1`);
  });

  it('--url-query adds to the query with or without -G', () => {
    expect(parseCurl(`curl ${URL_} --url-query 'q=a b' --url-query '+raw=%20' -d x`).url).toBe(`${URL_}?q=a+b&raw=%20`);
  });

  it('--location / -L is ignored', () => {
    const parsed = parseCurl(`curl --location -L ${URL_}`);
    expect(parsed.ignored).toEqual(['--location', '-L']);
    expect(parsed.warnings).toEqual([]);
  });

  it('-F / --form parts: text, a file by reference with type and filename, --form-string literally; a POST with a multipart Content-Type', () => {
    const parsed = parseCurl(
      `curl ${URL_} -F 'messaging_product=whatsapp' -F 'file=@/tmp/my photo.png;type=image/png' -F ` +
        `'doc=@"/tmp/a;b.pdf";filename="r,1.pdf"' -F 'note=hi;type=text/plain' --form-string ` +
        `'raw=@not-a-file;type=x'`,
    );
    expect(parsed).toMatchObject({ method: 'POST', body: null, contentType: 'multipart/form-data' });
    expect(parsed.form).toEqual([
      { name: 'messaging_product', value: 'whatsapp', type: null },
      { name: 'file', file: '/tmp/my photo.png', type: 'image/png', filename: null },
      { name: 'doc', file: '/tmp/a;b.pdf', type: null, filename: 'r,1.pdf' },
      { name: 'note', value: 'hi', type: 'text/plain' },
      { name: 'raw', value: '@not-a-file;type=x', type: null },
    ]);
    expect(errorOf(`curl ${URL_} -F 'text=<notes.txt'`)).toMatch(/reads the part's text from a local file/);
    expect(errorOf(`curl ${URL_} -F 'a=b' -d 'c=d'`)).toMatch(/cannot be combined with -d/);
    expect(errorOf(`curl ${URL_} -F 'novalue'`)).toMatch(/has no name=value/);
  });

  it('-I / --head makes a HEAD request; with a body it is refused', () => {
    expect(parseCurl(`curl -I ${URL_}`).method).toBe('HEAD');
    expect(parseCurl(`curl --head -G ${URL_} -d a=1`)).toMatchObject({ method: 'HEAD', url: `${URL_}?a=1`, body: null });
    expect(errorOf(`curl --head ${URL_} -d a=1`)).toMatch(/HEAD.*cannot be combined with a request body/);
  });

  it('long options take =value (--request=POST)', () => {
    const parsed = parseCurl(`curl --request=POST --url=${URL_} --header='X-A: 1' --data-raw=a=b`);
    expect(parsed).toMatchObject({ method: 'POST', url: URL_, headers: [{ name: 'X-A', value: '1' }], body: 'a=b' });
  });

  it('short options glued to their value (-XPOST, -HContent-Type:...)', () => {
    const parsed = parseCurl(`curl -XPUT -HContent-Type:application/json -d{} ${URL_}`);
    expect(parsed).toMatchObject({ method: 'PUT', headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{}' });
  });

  it('combined short flags (-sSL, -sSX POST, -skXPATCH)', () => {
    const parsed = parseCurl(`curl -sSL -sSX POST ${URL_}`);
    expect(parsed.ignored).toEqual(['-s', '-S', '-L', '-s', '-S']);
    expect(parsed.method).toBe('POST');
    expect(parseCurl(`curl -skXPATCH ${URL_}`).method).toBe('PATCH');
  });

  it('-A / --user-agent becomes User-Agent', () => {
    expect(parseCurl(`curl -A 'my-app/1.0' ${URL_}`).headers).toEqual([{ name: 'User-Agent', value: 'my-app/1.0' }]);
    expect(parseCurl(`curl --user-agent x ${URL_}`).headers).toEqual([{ name: 'User-Agent', value: 'x' }]);
  });

  it('-e / --referer becomes Referer (without ;auto)', () => {
    expect(parseCurl(`curl -e 'https://example.com/;auto' ${URL_}`).headers).toEqual([{ name: 'Referer', value: 'https://example.com/' }]);
  });

  it('-b / --cookie becomes Cookie; several join with "; "; a cookie file is ignored with a warning', () => {
    expect(parseCurl(`curl -b 'a=1' --cookie 'b=2; c=3' ${URL_}`).headers).toEqual([{ name: 'Cookie', value: 'a=1; b=2; c=3' }]);
    const file = parseCurl(`curl -b cookies.txt ${URL_}`);
    expect(file.headers).toEqual([]);
    expect(file.ignored).toEqual(['-b cookies.txt']);
    expect(file.warnings.join(' ')).toMatch(/local file/);
  });

  it('--oauth2-bearer becomes Authorization: Bearer', () => {
    expect(parseCurl(`curl --oauth2-bearer tok_123 ${URL_}`).headers).toEqual([{ name: 'Authorization', value: 'Bearer tok_123' }]);
  });

  it('-u / --user becomes Authorization: Basic; without a password it is refused', () => {
    expect(header(parseCurl(`curl -u 'ana:s3cr:et' ${URL_}`), 'authorization')).toBe(
      `Basic ${Buffer.from('ana:s3cr:et').toString('base64')}`,
    );
    expect(header(parseCurl(`curl --user 'josé:pä' ${URL_}`), 'authorization')).toBe(
      `Basic ${Buffer.from('josé:pä', 'utf8').toString('base64')}`,
    );
    expect(errorOf(`curl -u ana ${URL_}`)).toMatch(/only a user name.*user:password/);
    expect(errorOf(`curl --digest -u a:b ${URL_}`)).toMatch(/--digest authentication is not supported/);
  });

  it('an explicit -H replaces the header an option would make, as in curl', () => {
    const parsed = parseCurl(`curl -A agent -u a:b ${URL_} -H 'authorization: Bearer x' -H 'User-Agent: mine'`);
    expect(parsed.headers).toEqual([
      { name: 'authorization', value: 'Bearer x' },
      { name: 'User-Agent', value: 'mine' },
    ]);
  });

  it('-r / --range becomes a Range header', () => {
    expect(parseCurl(`curl -r 0-99 ${URL_}`).headers).toEqual([{ name: 'Range', value: 'bytes=0-99' }]);
  });

  it('options that do not change the request are listed in ignored', () => {
    const parsed = parseCurl(
      `curl --compressed -s -S -i -v --http1.1 --http2 -f --fail-with-body -o out.json --output=x ` +
        `--max-time 10 --connect-timeout 5 --retry 3 -w '%{http_code}' --no-progress-meter ${URL_}`,
    );
    expect(parsed.ignored).toEqual([
      '--compressed',
      '-s',
      '-S',
      '-i',
      '-v',
      '--http1.1',
      '--http2',
      '-f',
      '--fail-with-body',
      '-o out.json',
      '--output x',
      '--max-time 10',
      '--connect-timeout 5',
      '--retry 3',
      '-w %{http_code}',
      '--no-progress-meter',
    ]);
    expect(parsed.unknown).toEqual([]);
    expect(parsed.url).toBe(URL_);
  });

  it('-k / --insecure is ignored with a warning', () => {
    const parsed = parseCurl(`curl -k ${URL_}`);
    expect(parsed.ignored).toEqual(['-k']);
    expect(parsed.warnings).toContain('--insecure was ignored: the app always checks certificates');
  });

  it('--proxy and friends are ignored with a warning', () => {
    const parsed = parseCurl(`curl -x http://proxy:3128 --proxy-user 'u:secret' ${URL_}`);
    expect(parsed.ignored).toEqual(['-x http://proxy:3128', '--proxy-user (hidden)']);
    expect(parsed.warnings.join(' ')).toMatch(/without a proxy/);
  });

  it('unknown options are reported, and the value of a known-but-unsupported option is not taken as the URL', () => {
    const parsed = parseCurl(`curl --frobnicate --aws-sigv4 'aws:amz:us-east-1:execute-api' --pass hunter2 -W ${URL_}`);
    expect(parsed.url).toBe(URL_);
    expect(parsed.unknown).toEqual(['--frobnicate', '--aws-sigv4 (hidden)', '--pass (hidden)', '-W']);
  });

  it('--expand-<option> (curl variables) is reported without its value (often a credential), not read as the URL', () => {
    const parsed = parseCurl(`curl ${URL_} --variable 'token=abc' --expand-header 'Authorization: Bearer {{token}}'`);
    expect(parsed.url).toBe(URL_);
    expect(parsed.unknown).toEqual(['--variable (hidden)', '--expand-header (hidden)']);
  });

  it('-- ends the options', () => {
    expect(parseCurl(`curl -X POST -- ${URL_}`).url).toBe(URL_);
  });

  it('an option missing its value at the end is refused', () => {
    expect(errorOf(`curl ${URL_} -H`)).toMatch(/-H at the end of the command needs a value/);
  });
});

describe('parseCurl: shell quoting', () => {
  it('single quotes keep everything literally', () => {
    expect(parseCurl(`curl ${URL_} -d '$HOME \\n "x" \`id\`'`)).toMatchObject({ body: '$HOME \\n "x" `id`', warnings: [] });
  });

  it('double quotes with \\" \\\\ \\$ \\` escapes (other backslashes stay)', () => {
    const parsed = parseCurl(`curl ${URL_} -d "{\\"a\\":\\"\\\\ \\$5 \\\` \\n\\"}"`);
    expect(parsed.body).toBe('{"a":"\\ $5 ` \\n"}');
    expect(parsed.warnings).toEqual([]);
  });

  it("ANSI-C $'...' with \\n \\t \\' \\\\ \\xHH \\uHHHH", () => {
    const parsed = parseCurl(`curl ${URL_} --data-raw $'a\\nb\\tc \\'q\\' \\\\ \\x41 \\u00e9 \\xc3\\xa9 \\U0001F600 \\101 \\e'`);
    expect(parsed.body).toBe("a\nb\tc 'q' \\ A é é 😀 A \u001b");
  });

  it('backslash escapes outside quotes', () => {
    expect(parseCurl(`curl ${URL_} -d a\\ b\\"c\\'d\\$e`).body).toBe('a b"c\'d$e');
  });

  it('\\ + newline continues the line, also \\ + CRLF', () => {
    const lf = parseCurl(`curl ${URL_} \\\n  -H 'A: 1' \\\n  -d x`);
    const crlf = parseCurl(`curl ${URL_} \\\r\n  -H 'A: 1' \\\r\n  -d x`);
    expect(lf).toMatchObject({ headers: [{ name: 'A', value: '1' }], body: 'x', warnings: [] });
    expect(crlf).toEqual(lf);
  });

  it('spaces after a trailing \\ still continue the line, with a warning', () => {
    const parsed = parseCurl(`curl ${URL_} \\   \n  -d x`);
    expect(parsed.body).toBe('x');
    expect(parsed.warnings.join(' ')).toMatch(/spaces after the line-continuation/);
  });

  it('blank lines and a leading $ prompt', () => {
    const parsed = parseCurl(`\n\n  $ curl ${URL_} \\\n\n  -d x\n\n`);
    expect(parsed).toMatchObject({ url: URL_, body: 'x', warnings: [] });
  });

  it('a line break without continuation is read on, with a warning', () => {
    const parsed = parseCurl(`curl ${URL_}\n  -H 'A: 1'`);
    expect(parsed.headers).toEqual([{ name: 'A', value: '1' }]);
    expect(parsed.warnings.join(' ')).toMatch(/line 1 does not end with a line continuation/);
  });

  it('a leading curl word is required; curl.exe and a path to curl count', () => {
    expect(errorOf(`wget ${URL_}`)).toBe('this does not look like a curl command; it should start with curl');
    expect(errorOf('please send a message to my customers')).toBe('this does not look like a curl command; it should start with curl');
    expect(parseCurl(`curl.exe ${URL_}`).url).toBe(URL_);
    expect(parseCurl(`/usr/bin/curl ${URL_}`).url).toBe(URL_);
  });

  it('$VAR and ${VAR} outside single quotes stay as written, with a warning', () => {
    const parsed = parseCurl(`curl "${URL_}" -H "Authorization: Bearer $TOKEN" -H X-Id:\${ID}`);
    expect(parsed.headers).toEqual([
      { name: 'Authorization', value: 'Bearer $TOKEN' },
      { name: 'X-Id', value: '${ID}' },
    ]);
    expect(parsed.warnings).toEqual([
      'the variables $TOKEN, ${ID} were not expanded and stay as written; put their values in the command instead',
    ]);
  });

  it('a # comment is skipped', () => {
    expect(parseCurl(`curl ${URL_} # send it\n`).url).toBe(URL_);
  });

  it('multi-line pretty-printed JSON inside quotes keeps its newlines', () => {
    const body = '{\n  "to": "+15551234567",\n  "text": "line one\\nline two",\n  "tags": ["a", "b"]\n}';
    expect(parseCurl(`curl ${URL_} \\\n  -d '${body}'`).body).toBe(body);
    expect(parseCurl(`curl ${URL_} \\\n  -d "${body.replace(/["\\]/g, '\\$&')}"`).body).toBe(body);
  });
});

describe('parseCurl: real-world sources', () => {
  it('Postman: --location --request POST ... --data-raw with a multi-line body', () => {
    const text = [
      `curl --location --request POST '${URL_}' \\`,
      `--header 'Content-Type: application/json' \\`,
      `--header 'Authorization: Bearer sk_live_abc' \\`,
      `--data-raw '{`,
      `    "to": "+5511999990000",`,
      `    "text": "Olá, it'\\''s ready"`,
      `}'`,
    ].join('\n');
    expect(parseCurl(text)).toEqual({
      method: 'POST',
      url: URL_,
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Authorization', value: 'Bearer sk_live_abc' },
      ],
      body: '{\n    "to": "+5511999990000",\n    "text": "Olá, it\'s ready"\n}',
      form: null,
      contentType: 'application/json',
      ignored: ['--location'],
      unknown: [],
      warnings: [],
    });
  });

  it('readme.io: --request POST --url ... --data "{\\"a\\":1}"', () => {
    const text =
      `curl --request POST \\\n     --url ${URL_} \\\n     --header 'accept: application/json' \\\n     ` +
      `--header 'content-type: application/json' \\\n     --data "{\\"a\\":1}"`;
    expect(parseCurl(text)).toMatchObject({
      method: 'POST',
      url: URL_,
      body: '{"a":1}',
      headers: [
        { name: 'accept', value: 'application/json' },
        { name: 'content-type', value: 'application/json' },
      ],
    });
  });

  it('Insomnia: --request, --url, --header, --data', () => {
    const text = `curl --request PUT \\\n  --url '${URL_}/42?draft=true' \\\n  --header 'Content-Type: application/json' \\\n  --data '{"text":"hi"}'`;
    expect(parseCurl(text)).toMatchObject({ method: 'PUT', url: `${URL_}/42?draft=true`, body: '{"text":"hi"}' });
  });

  it('DevTools "Copy as cURL (bash)": $\'...\' bodies, -b cookies, --compressed', () => {
    const text = [
      `curl '${URL_}' \\`,
      `  -H 'accept: application/json, text/plain, */*' \\`,
      `  -H 'content-type: application/json' \\`,
      `  -b 'session=abc123; theme=dark' \\`,
      `  -H 'origin: https://app.example.com' \\`,
      `  --data-raw $'{"text":"it\\'s caf\\u00e9\\\\n!","to":"+5511999990000"}' \\`,
      `  --compressed`,
    ].join('\n');
    expect(parseCurl(text)).toEqual({
      method: 'POST',
      url: URL_,
      headers: [
        { name: 'accept', value: 'application/json, text/plain, */*' },
        { name: 'content-type', value: 'application/json' },
        { name: 'Cookie', value: 'session=abc123; theme=dark' },
        { name: 'origin', value: 'https://app.example.com' },
      ],
      body: '{"text":"it\'s café\\n!","to":"+5511999990000"}',
      form: null,
      contentType: 'application/json',
      ignored: ['--compressed'],
      unknown: [],
      warnings: [],
    });
  });

  it('Windows cmd: Chrome "Copy as cURL (cmd)" with ^ continuations, ^" quotes, ^\\^" and ^^', () => {
    // as Chrome writes it: every argument in ^"...^", specials behind ^, a " in the data as ^\^"
    const text = [
      `curl ^"https://api.example.com/v1/messages?lang=pt^&dry_run=1^" ^`,
      `  -H ^"accept: application/json, text/plain, */*^" ^`,
      `  -H ^"authorization: Bearer sk_test_123^" ^`,
      `  -H ^"content-type: application/json^" ^`,
      `  -b ^"session=abc123; theme=dark^" ^`,
      `  -H ^"user-agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64)^" ^`,
      `  --data-raw ^"^{^\\^"to^\\^":^\\^"+5511999990000^\\^",^\\^"text^\\^":^\\^"Ol^á ^!^^ 100^%^\\^"^}^" ^`,
      `  --compressed`,
    ].join('\r\n');
    expect(parseCurl(text)).toEqual({
      method: 'POST',
      url: 'https://api.example.com/v1/messages?lang=pt&dry_run=1',
      headers: [
        { name: 'accept', value: 'application/json, text/plain, */*' },
        { name: 'authorization', value: 'Bearer sk_test_123' },
        { name: 'content-type', value: 'application/json' },
        { name: 'Cookie', value: 'session=abc123; theme=dark' },
        { name: 'user-agent', value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
      ],
      body: '{"to":"+5511999990000","text":"Olá !^ 100%"}',
      form: null,
      contentType: 'application/json',
      ignored: ['--compressed'],
      unknown: [],
      warnings: [],
    });
  });

  it('Windows cmd: a newline inside a Chrome cmd argument (^ + two line breaks)', () => {
    const text = `curl ^"${URL_}^" ^\n  --data-raw ^"line one^\n\nline two^"`;
    expect(parseCurl(text).body).toBe('line one\nline two');
  });

  it('Windows cmd: double-quoted arguments with \\" inside (Postman for Windows)', () => {
    // the C runtime's rules: \" is a quote; backslashes are literal unless a quote follows them,
    // so the JSON value C:\\temp\\ (escaped backslashes) is written C:\\temp\\\\\" here
    const text =
      `curl --location "${URL_}" ^\n--header "Content-Type: application/json" ^\n--data ` +
      `"{\\"to\\":\\"+5511999990000\\",\\"path\\":\\"C:\\\\temp\\\\\\\\\\"}"`;
    const parsed = parseCurl(text);
    expect(parsed).toMatchObject({ url: URL_, body: '{"to":"+5511999990000","path":"C:\\\\temp\\\\"}' });
    expect(parsed.warnings.join(' ')).toMatch(/backslashes reach curl.exe as written/);
  });

  it('Windows cmd: an unescaped & between quotes is refused (cmd would start a second command)', () => {
    expect(errorOf(`curl ${URL_}?a=1&b=2 ^\n -d x`)).toMatch(/&/);
  });

  it("PowerShell: backtick continuations, '' inside single quotes, $env: variables", () => {
    const text = [
      'curl.exe --request POST `',
      `  --url '${URL_}' \``,
      "  --header 'Content-Type: application/json' `",
      '  --header "Authorization: Bearer $env:CRM_TOKEN" `',
      `  --data '{"text":"it''s \`n here"}'`,
    ].join('\r\n');
    const parsed = parseCurl(text);
    expect(parsed).toMatchObject({
      method: 'POST',
      url: URL_,
      body: '{"text":"it\'s `n here"}',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Authorization', value: 'Bearer $env:CRM_TOKEN' },
      ],
    });
    expect(parsed.warnings.join(' ')).toMatch(/\$env:CRM_TOKEN/);
  });

  it('PowerShell: `n and `" escapes inside double quotes', () => {
    expect(parseCurl(`curl.exe ${URL_} \`\n  -d "a\`nb \`"q\`" ""r"""`).body).toBe('a\nb "q" "r"');
  });
});

describe('parseCurl: hostile input', () => {
  it('empty or whitespace-only text', () => {
    expect(errorOf('')).toBe('the pasted text is empty; paste a curl command');
    expect(errorOf(' \n\t\r\n ')).toBe('the pasted text is empty; paste a curl command');
  });

  // how fast each of these is, is measured by `npm run bench` (scripts/bench-curl-parse.ts), not asserted here
  it('more than 256 KiB is refused before parsing (1 MB)', () => {
    const huge = `curl ${URL_} -d '${'x'.repeat(1024 * 1024)}'`;
    expect(errorOf(huge)).toMatch(/^the pasted text is larger than 256 KiB/);
    // counted in UTF-8 bytes: 100k three-byte characters are over the limit
    expect(errorOf(`curl ${URL_} -d '${'€'.repeat(100_000)}'`)).toMatch(/larger than 256 KiB/);
    // an unterminated quote in 1 MB still gets the size message
    expect(errorOf(`curl ${URL_} -d '${'x'.repeat(1024 * 1024)}`)).toMatch(/larger than 256 KiB/);
  });

  it('a NUL anywhere, or another control character outside quotes', () => {
    expect(errorOf(`curl ${URL_} -d 'a\u0000b'`)).toMatch(/NUL character at line 1/);
    expect(errorOf(`curl ${URL_} \u001b[31m`)).toMatch(/control character \(U\+001B\) outside quotes at line 1/);
    expect(errorOf(`curl ${URL_} -d $'a\\x00b'`)).toMatch(/NUL/);
    // inside quotes a control character is body text
    expect(parseCurl(`curl ${URL_} -d 'a\u001bb'`).body).toBe('a\u001bb');
  });

  it('an unterminated quote names the line it opened on', () => {
    expect(errorOf(`curl ${URL_} \\\n  -H 'A: 1' \\\n  -d '{"a":1}`)).toBe('a quote opened at line 3 is never closed');
    expect(errorOf(`curl ${URL_} -d "abc`)).toBe('a quote opened at line 1 is never closed');
    expect(errorOf(`curl ${URL_} \\\n -d $'abc\\'`)).toBe('a quote opened at line 2 is never closed');
    expect(errorOf(`curl ^"${URL_}^" ^\n -d "abc`)).toBe('a quote opened at line 2 is never closed');
    expect(errorOf(`curl.exe ${URL_} \`\n -d 'it''s`)).toBe('a quote opened at line 2 is never closed');
  });

  it('no URL', () => {
    expect(errorOf('curl -X POST -d a=1')).toBe('the command has no URL; add the address the request goes to');
    expect(errorOf('curl')).toMatch(/no URL/);
  });

  it('two URLs', () => {
    expect(errorOf(`curl ${URL_} https://other.example.com`)).toMatch(/more than one URL .*keep only one/);
    expect(errorOf(`curl ${URL_} --url ${URL_}`)).toMatch(/more than one URL/);
  });

  it('a URL of another scheme names the scheme', () => {
    expect(errorOf('curl file:///etc/passwd')).toBe('the URL uses the file: scheme; only http and https URLs can be sent');
    expect(errorOf('curl ftp://example.com/x')).toMatch(/ftp: scheme/);
    expect(errorOf("curl 'javascript:alert(1)'")).toMatch(/javascript: scheme/);
    expect(errorOf('curl --url FILE:/etc/passwd')).toMatch(/file: scheme/);
  });

  it('credentials in the URL are refused without echoing them', () => {
    const message = errorOf('curl https://ana:hunter2@api.example.com/v1');
    expect(message).toMatch(/credentials/);
    expect(message).not.toMatch(/hunter2/);
  });

  it('a body or upload that refers to a local file', () => {
    expect(errorOf(`curl ${URL_} -d @body.json`)).toMatch(/refers to a local file/);
    expect(errorOf(`curl ${URL_} --data-binary @body.json`)).toMatch(/^the body of --data-binary "@body.json" refers to a local file/);
    expect(errorOf(`curl ${URL_} --json @body.json`)).toMatch(/local file/);
    expect(errorOf(`curl ${URL_} -d @-`)).toMatch(/standard input/);
    expect(errorOf(`curl ${URL_} -T photo.png`)).toMatch(/-T uploads a local file/);
    expect(errorOf(`curl ${URL_} --upload-file=photo.png`)).toMatch(/uploads a local file/);
  });

  it('-K / --config is refused', () => {
    expect(errorOf(`curl -K opts.txt ${URL_}`)).toMatch(/-K reads more options from a config file/);
    expect(errorOf(`curl --config opts.txt ${URL_}`)).toMatch(/config file/);
  });

  it('-o / --output is fine (ignored)', () => {
    expect(parseCurl(`curl -o /tmp/out.json ${URL_}`)).toMatchObject({ url: URL_, ignored: ['-o /tmp/out.json'] });
  });

  it('--next (several requests) is refused', () => {
    expect(errorOf(`curl ${URL_} --next ${URL_}`)).toMatch(/more than one request/);
  });

  it('a pipe', () => {
    expect(errorOf(`curl ${URL_} | jq .`)).toBe('the command contains a pipe (|) at line 1: paste only the curl command');
  });

  it('a ; or && chaining another command', () => {
    expect(errorOf(`curl ${URL_}; echo done`)).toMatch(/contains a ; \(a second command\).*paste only the curl command/);
    expect(errorOf(`export T=1 && curl ${URL_}`)).toMatch(/does not look like a curl command/);
    expect(errorOf(`curl ${URL_} && curl ${URL_}`)).toMatch(/contains && \(a second command\)/);
  });

  it('another curl on a later line', () => {
    expect(errorOf(`curl ${URL_}\ncurl ${URL_}`)).toMatch(/more than one command \(another curl starts at line 2\)/);
  });

  it('a redirection', () => {
    expect(errorOf(`curl ${URL_} > out.json`)).toMatch(/redirection \(>\)/);
    expect(errorOf(`curl ${URL_} -d @- < body.json`)).toMatch(/redirection \(</);
  });

  it('command substitution $(...) and backticks, also inside double quotes', () => {
    expect(errorOf(`curl ${URL_} -H "Authorization: Bearer $(cat token)"`)).toMatch(/command substitution \$\(\.\.\.\)/);
    expect(errorOf(`curl ${URL_} -d $(cat body.json)`)).toMatch(/command substitution \$\(\.\.\.\)/);
    expect(errorOf(`curl ${URL_} -H "X-Date: \`date\`"`)).toMatch(/backtick command substitution/);
  });

  it('an unquoted & (the URL was not quoted)', () => {
    expect(errorOf(`curl ${URL_}?a=1&b=2`)).toMatch(/unquoted &.*put the URL in quotes/);
  });

  it('a URL without a scheme gets https:// with a warning', () => {
    const parsed = parseCurl('curl api.example.com/v1/x');
    expect(parsed.url).toBe('https://api.example.com/v1/x');
    expect(parsed.warnings).toEqual(['the URL has no scheme, so https:// was assumed (curl itself would use http://)']);
    expect(parseCurl('curl localhost:8080/x').url).toBe('https://localhost:8080/x');
  });

  it('typographic quotes from chat apps: a warning in a body, an error around the URL or a header', () => {
    const body = parseCurl(`curl ${URL_} -d “a”`);
    expect(body.body).toBe('“a”');
    expect(body.warnings.join(' ')).toMatch(/typographic quotes/);
    expect(errorOf(`curl “${URL_}”`)).toMatch(/typographic quotes .*type straight quotes/);
    expect(errorOf(`curl ${URL_} -H “Accept: text/plain”`)).toMatch(/typographic quotes/);
  });

  it('non-breaking spaces outside quotes are read as spaces, with a warning', () => {
    const parsed = parseCurl(`curl\u00a0${URL_}\u00a0-H\u00a0'A: 1'`);
    expect(parsed).toMatchObject({ url: URL_, headers: [{ name: 'A', value: '1' }] });
    expect(parsed.warnings.join(' ')).toMatch(/special spaces/);
  });

  it('a URL with a space is refused', () => {
    expect(errorOf(`curl '${URL_}?q=a b'`)).toMatch(/contains a space or line break; write a space as %20/);
  });

  it('a 200 KB JSON body parses exactly, in every quoting style', () => {
    const items = Array.from({ length: 1800 }, (_, i) => ({ id: i, text: `message ${i} with "quotes", it's \\ é 😀`, tags: ['a', 'b'] }));
    const body = JSON.stringify(items, null, 2);
    expect(body.length).toBeGreaterThan(200_000);
    for (const quote of [posixQuote, doubleQuote, chromeBashQuote]) {
      const text = `curl ${URL_} \\\n  -H 'Content-Type: application/json' \\\n  --data-raw ${quote(body)}`;
      expect(parseCurl(text).body).toBe(body);
    }
  });

  it('pathological inputs near the size limit are read or refused with a CurlParseError', () => {
    for (const text of PATHOLOGICAL_CURLS(URL_)) {
      try {
        parseCurl(text);
      } catch (error) {
        expect(error).toBeInstanceOf(CurlParseError);
      }
    }
  });
});

describe('parseCurl: round trips of tricky bodies', () => {
  const bodies = [
    ...trickyStrings(300, 20240611, { exclude: (piece) => piece.includes('\u0000') }),
    '',
    ' ',
    "'",
    "''",
    '"',
    '\\',
    '\\\\',
    '$',
    '$$',
    '${X}',
    '$(id)',
    '`id`',
    '\n',
    '\r\n',
    '\n\n\n',
    'Olá, tudo bem? 👋 👩‍👩‍👧‍👦 🏳️‍🌈 中文 עברית',
    'end with backslash \\',
    "end with quote '",
    '{"json": "it\'s \\"nested\\""}',
    '@/etc/passwd',
    '-H',
    '--data',
    'a=1&b=2',
    '%20%',
    '^"^^"',
    '`\n',
    '^\n',
    '\\\n',
  ];

  it('POSIX single quoting: curl URL --data-raw <quoted> gives the body back exactly', () => {
    for (const body of bodies) {
      const parsed = parseCurl(`curl ${URL_} --data-raw ${posixQuote(body)}`);
      expect(parsed.body, JSON.stringify(body)).toBe(body);
      expect(parsed.warnings, JSON.stringify(body)).toEqual([]);
    }
  });

  it('POSIX double quoting gives the body back exactly', () => {
    for (const body of bodies) {
      expect(parseCurl(`curl ${URL_} \\\n  --data-raw ${doubleQuote(body)}`).body, JSON.stringify(body)).toBe(body);
    }
  });

  it("DevTools bash quoting ($'...') gives the body back exactly", () => {
    for (const body of bodies) {
      expect(parseCurl(`curl '${URL_}' \\\n  --data-raw ${chromeBashQuote(body)}`).body, JSON.stringify(body)).toBe(body);
    }
  });

  it('DevTools cmd quoting gives what curl.exe receives: the body, with backslashes doubled unless a quote follows', () => {
    // DevTools doubles every backslash, but the C runtime only halves those before a quote;
    // a lone CR cannot be written at all (cmd drops it)
    for (const body of bodies.filter((b) => !b.includes('\r'))) {
      const text = `curl ${chromeCmdQuote(URL_)} ^\n  -H ${chromeCmdQuote('content-type: application/json')} ^\n  --data-raw ${chromeCmdQuote(body)}`;
      const received = body.replace(/\\+(?=[^"\\])/g, (run) => run + run);
      const parsed = parseCurl(text);
      expect(parsed.body, JSON.stringify(body)).toBe(received);
      if (received !== body) expect(parsed.warnings.join(' ')).toMatch(/backslashes reach curl.exe as written/);
      else expect(parsed.warnings, JSON.stringify(body)).toEqual([]);
    }
  });
});
