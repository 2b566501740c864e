// The OS's proxy answer, as Chromium writes it from the system settings or a PAC file.
import { describe, expect, it } from 'vitest';
import { choosePacEntry } from '../../../../src-main/core/http/network/pac-answer';

const ORIGIN = 'https://api.example.com';

describe('choosePacEntry', () => {
  it('DIRECT connects directly', () => {
    expect(choosePacEntry('DIRECT', ORIGIN)).toEqual({ kind: 'direct' });
    expect(choosePacEntry(' direct ; ', ORIGIN)).toEqual({ kind: 'direct' });
  });

  it('PROXY is an http proxy and HTTPS a TLS one, the port always written', () => {
    expect(choosePacEntry('PROXY proxy.corp:3128', ORIGIN)).toEqual({ kind: 'proxy', url: 'http://proxy.corp:3128' });
    expect(choosePacEntry('HTTPS secure.corp:8443', ORIGIN)).toEqual({ kind: 'proxy', url: 'https://secure.corp:8443' });
    expect(choosePacEntry('PROXY proxy.corp', ORIGIN)).toEqual({ kind: 'proxy', url: 'http://proxy.corp:80' });
    expect(choosePacEntry('PROXY proxy.corp:80', ORIGIN)).toEqual({ kind: 'proxy', url: 'http://proxy.corp:80' });
    expect(choosePacEntry('HTTPS secure.corp', ORIGIN)).toEqual({ kind: 'proxy', url: 'https://secure.corp:443' });
    expect(choosePacEntry('PROXY [fd00::1]:3128', ORIGIN)).toEqual({ kind: 'proxy', url: 'http://[fd00::1]:3128' });
  });

  it('a list is taken in its order: the first entry that can be used', () => {
    expect(choosePacEntry('PROXY a.corp:1; PROXY b.corp:2; DIRECT', ORIGIN)).toEqual({ kind: 'proxy', url: 'http://a.corp:1' });
    expect(choosePacEntry('DIRECT; PROXY a.corp:1', ORIGIN)).toEqual({ kind: 'direct' });
    expect(choosePacEntry('SOCKS5 s.corp:1080; HTTPS b.corp:443', ORIGIN)).toEqual({ kind: 'proxy', url: 'https://b.corp:443' });
  });

  it('SOCKS cannot be used: direct only where the answer itself lists DIRECT, otherwise a sentence that says so', () => {
    expect(choosePacEntry('SOCKS5 s.corp:1080; DIRECT', ORIGIN)).toEqual({ kind: 'direct' });
    for (const answer of ['SOCKS5 s.corp:1080', 'SOCKS s.corp:1080', 'SOCKS4 s.corp:1080; SOCKS5 t.corp:1080']) {
      const choice = choosePacEntry(answer, ORIGIN);
      expect(choice.kind, answer).toBe('unusable');
      expect(choice.kind === 'unusable' ? choice.reason : '').toMatch(
        new RegExp(
          /^The system proxy settings send https:\/\/api\.example\.com through a SOCKS proxy /.source +
            /\((SOCKS|SOCKS4|SOCKS5) s\.corp:1080\), which CRM Console cannot use/.source,
        ),
      );
    }
  });

  it('garbage is unusable, quoted short and on one line, never taken for DIRECT', () => {
    for (const answer of [
      '',
      ';',
      'hello',
      'PROXY',
      'PROXY a b',
      'PROXY a.corp:port',
      'PROXY http://a.corp:1',
      'DIRECT now',
      'QUIC q.corp:443',
      'PROXY a.corp:1\nx',
      'x'.repeat(500),
    ]) {
      const choice = choosePacEntry(answer, ORIGIN);
      expect(choice.kind, JSON.stringify(answer)).toBe('unusable');
      const reason = choice.kind === 'unusable' ? choice.reason : '';
      expect(reason).toMatch(/^The system proxy settings gave an answer for https:\/\/api\.example\.com that CRM Console cannot read/);
      expect(reason).not.toMatch(/[\n\r]/);
      expect(reason.length).toBeLessThan(200);
    }
  });
});
