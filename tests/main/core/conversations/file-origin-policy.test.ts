// Where the key may go with a received file's GET (file-origin-policy.ts): the service's own
// origin, or one the person listed, exactly; hostile addresses a service (or whoever answers in
// its place) could give are refused, and a listed origin is checked again when it is used.
import { describe, expect, it } from 'vitest';
import { checkFileOrigin, judgeFileAddress } from '../../../../src-main/core/conversations/file-origin-policy';

const SERVICE = 'https://graph.facebook.com';
const LISTED = ['https://lookaside.fbsbx.com'];
const FILE = 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=912345&ext=1700000000&hash=abc';

describe('judgeFileAddress', () => {
  it('the service own origin is allowed as before, a listed origin only when listed', () => {
    expect(judgeFileAddress(`${SERVICE}/v23.0/file`, SERVICE, [])).toEqual({ allowed: true, origin: SERVICE, listed: false });
    expect(judgeFileAddress(FILE, SERVICE, [])).toEqual({ allowed: false, origin: 'https://lookaside.fbsbx.com', why: 'unlisted' });
    expect(judgeFileAddress(FILE, SERVICE, LISTED)).toEqual({ allowed: true, origin: 'https://lookaside.fbsbx.com', listed: true });
  });

  it('the same origin written otherwise is the same origin: upper case, the default port', () => {
    expect(judgeFileAddress('https://LOOKASIDE.FBSBX.COM/x', SERVICE, LISTED)).toMatchObject({
      allowed: true,
      origin: 'https://lookaside.fbsbx.com',
    });
    expect(judgeFileAddress('https://lookaside.fbsbx.com:443/x', SERVICE, LISTED)).toMatchObject({ allowed: true });
  });

  it.each([
    ['a user name that looks like the listed host', 'https://lookaside.fbsbx.com@evil.test/whatsapp_business/attachments/', 'userinfo'],
    ['a user name and password on the listed host itself', 'https://user:pass@lookaside.fbsbx.com/x', 'userinfo'],
    ['another port', 'https://lookaside.fbsbx.com:8443/x', 'unlisted'],
    ['another scheme on a remote host', 'http://lookaside.fbsbx.com/x', 'insecure'],
    ['a suffix of the listed host', 'https://evil.lookaside.fbsbx.com/x', 'unlisted'],
    ['a host that ends like it', 'https://notlookaside.fbsbx.com/x', 'unlisted'],
    ['the listed host as a prefix', 'https://lookaside.fbsbx.com.evil.test/x', 'unlisted'],
    ['a trailing dot', 'https://lookaside.fbsbx.com./x', 'unlisted'],
    ['an IDN look-alike (í)', 'https://lookasíde.fbsbx.com/x', 'unlisted'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo=', 'unusable'],
    ['a file: URL', 'file:///etc/passwd', 'unusable'],
    ['a javascript: URL', 'javascript:alert(1)', 'unusable'],
    ['not a URL', 'lookaside.fbsbx.com/x', 'unusable'],
  ])('refuses %s', (_what, address, why) => {
    const verdict = judgeFileAddress(address, SERVICE, LISTED);
    expect(verdict).toMatchObject({ allowed: false, why });
  });

  it('a user name in an address on the service own origin is refused too', () => {
    expect(judgeFileAddress('https://x@graph.facebook.com/f', SERVICE, [])).toMatchObject({ allowed: false, why: 'userinfo' });
  });

  it('plain http to another computer is refused even when a damaged list names it; to this computer it may be listed', () => {
    expect(judgeFileAddress('http://files.example.com/f', SERVICE, ['http://files.example.com'])).toMatchObject({
      allowed: false,
      why: 'insecure',
    });
    expect(judgeFileAddress('http://localhost:4010/f', 'http://127.0.0.1:4010', ['http://localhost:4010'])).toEqual({
      allowed: true,
      origin: 'http://localhost:4010',
      listed: true,
    });
    expect(judgeFileAddress('http://localhost:4010/f', 'http://127.0.0.1:4010', [])).toMatchObject({ allowed: false, why: 'unlisted' });
  });

  it('a stored list entry not written as the policy writes it counts for nothing (no matching by prefix or case)', () => {
    for (const entry of [
      'https://LOOKASIDE.fbsbx.com',
      'https://lookaside.fbsbx.com/',
      'lookaside.fbsbx.com',
      '*.fbsbx.com',
      'https://*.fbsbx.com',
      'https://fbsbx.com',
    ]) {
      expect(judgeFileAddress(FILE, SERVICE, [entry]), entry).toMatchObject({ allowed: false, why: 'unlisted' });
    }
  });
});

describe('checkFileOrigin', () => {
  it('normalises an origin as the URL parser writes it', () => {
    expect(checkFileOrigin('https://lookaside.fbsbx.com')).toEqual({ ok: true, origin: 'https://lookaside.fbsbx.com' });
    expect(checkFileOrigin('  HTTPS://Lookaside.FBSBX.com/  ')).toEqual({ ok: true, origin: 'https://lookaside.fbsbx.com' });
    expect(checkFileOrigin('https://files.example.com:8443')).toEqual({ ok: true, origin: 'https://files.example.com:8443' });
    expect(checkFileOrigin('https://bücher.example')).toEqual({ ok: true, origin: 'https://xn--bcher-kva.example' });
    expect(checkFileOrigin('http://localhost:4010')).toEqual({ ok: true, origin: 'http://localhost:4010' });
    expect(checkFileOrigin('http://127.0.0.1:4010')).toEqual({ ok: true, origin: 'http://127.0.0.1:4010' });
    expect(checkFileOrigin('http://[::1]:4010')).toEqual({ ok: true, origin: 'http://[::1]:4010' });
  });

  it.each([
    ['', /Give an origin/],
    ['lookaside.fbsbx.com', /not an origin/],
    ['not a url', /not an origin/],
    ['ftp://lookaside.fbsbx.com', /starts with https:\/\//],
    ['data:text/plain,x', /starts with https:\/\//],
    ['file:///tmp', /starts with https:\/\//],
    [
      'https://lookaside.fbsbx.com/whatsapp_business/attachments/',
      /no path, query or fragment: give https:\/\/lookaside\.fbsbx\.com alone/,
    ],
    ['https://lookaside.fbsbx.com/?mid=1', /no path, query or fragment/],
    ['https://lookaside.fbsbx.com?', /no path, query or fragment/],
    ['https://lookaside.fbsbx.com#x', /no path, query or fragment/],
    ['https://lookaside.fbsbx.com/.', /no path, query or fragment/],
    ['https://user@lookaside.fbsbx.com', /user name or password/],
    ['https://lookaside.fbsbx.com@evil.test', /user name or password/],
    ['https://*.fbsbx.com', /no wildcards/],
    ['https://lookaside.fbsbx.com.', /without its trailing dot: https:\/\/lookaside\.fbsbx\.com$/],
    ['http://lookaside.fbsbx.com', /Plain http is only for this computer.*use https:\/\/lookaside\.fbsbx\.com/],
    ['http://192.168.1.10:8080', /Plain http is only for this computer/],
    [`https://${'a'.repeat(300)}.com`, /at most 300 characters/],
  ])('refuses %j', (text, reason) => {
    const checked = checkFileOrigin(text);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toMatch(reason);
  });
});
