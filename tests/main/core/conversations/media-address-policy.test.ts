import { describe, expect, it } from 'vitest';
import { embeddedIPv4, ipv6Groups, isPrivateAddress, mediaHostProblem } from '../../../../src-main/core/conversations/media-address-policy';
import { expectSameResult } from '../../helpers/cases';

describe("where a contact's file may be downloaded from", () => {
  it('names private, loopback, link-local and multicast addresses, v4 and v6, and no public one', () => {
    expectSameResult(
      isPrivateAddress,
      [
        '127.0.0.1',
        '10.1.2.3',
        '172.16.0.1',
        '172.31.255.255',
        '192.168.0.10',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '224.0.0.1',
        '::1',
        '::',
        'fd00::1',
        'fe80::1',
        '::ffff:10.0.0.1',
        '[::1]',
      ],
      true,
    );
    expectSameResult(isPrivateAddress, ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', 'files.example.com'], false);
  });

  it('judges an IPv6 address that carries an IPv4 one by that IPv4, however it is spelt', () => {
    expectSameResult(
      isPrivateAddress,
      [
        '::ffff:7f00:1',
        '[::ffff:7f00:1]',
        '::ffff:a9fe:a9fe',
        '::ffff:0:7f00:1',
        '::7f00:1',
        '64:ff9b::7f00:1',
        '64:ff9b::a00:1',
        '64:ff9b:1::c0a8:101',
        '2002:7f00:1::1',
        '2002:c0a8:101::',
        '2001:0:4136:e378:8000:63bf:80ff:fffe',
        '0:0:0:0:0:ffff:127.0.0.1',
        '::ffff:0.0.0.0',
      ],
      true,
    );
    expectSameResult(isPrivateAddress, ['::ffff:808:808', '64:ff9b::808:808', '2002:808:808::1', '2001:4860:4860::8844'], false);
    expect(embeddedIPv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('64:ff9b::7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('2002:c0a8:101::')).toBe('192.168.1.1');
    expect(embeddedIPv4('2001:4860:4860::8888')).toBeNull();
    expect(ipv6Groups('1::ffff:1.2.3.4')).toEqual([1, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
  });

  it('refuses a public name that resolves to a private address (a rebinding name), and localhost by name', () => {
    expect(mediaHostProblem('evil.example.com', ['10.0.0.7'], 'crm.example.com')).toMatch(/private or local network/);
    expect(mediaHostProblem('localhost', [], null)).toMatch(/private or local network/);
    expect(mediaHostProblem('media.example.com', ['93.184.216.34'], 'crm.example.com')).toBeNull();
  });

  it("lets the service's own host serve its files, even on the local network", () => {
    expect(mediaHostProblem('192.168.1.20', ['192.168.1.20'], '192.168.1.20')).toBeNull();
    expect(mediaHostProblem('127.0.0.1', ['127.0.0.1'], '127.0.0.1')).toBeNull();
    expect(mediaHostProblem('192.168.1.21', ['192.168.1.21'], '192.168.1.20')).toMatch(/192\.168\.1\.21/);
  });
});
