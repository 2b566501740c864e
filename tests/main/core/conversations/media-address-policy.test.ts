import { describe, expect, it } from 'vitest';
import { isPrivateAddress, mediaHostProblem } from '../../../../src-main/core/conversations/media-address-policy';

describe('where a contact\'s file may be downloaded from', () => {
  it('names private, loopback, link-local and multicast addresses, v4 and v6, and no public one', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '[::1]']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', 'files.example.com']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses a public name that resolves to a private address (a rebinding name), and localhost by name', () => {
    expect(mediaHostProblem('evil.example.com', ['10.0.0.7'], 'crm.example.com')).toMatch(/private or local network/);
    expect(mediaHostProblem('localhost', [], null)).toMatch(/private or local network/);
    expect(mediaHostProblem('media.example.com', ['93.184.216.34'], 'crm.example.com')).toBeNull();
  });

  it('lets the service\'s own host serve its files, even on the local network', () => {
    expect(mediaHostProblem('192.168.1.20', ['192.168.1.20'], '192.168.1.20')).toBeNull();
    expect(mediaHostProblem('127.0.0.1', ['127.0.0.1'], '127.0.0.1')).toBeNull();
    expect(mediaHostProblem('192.168.1.21', ['192.168.1.21'], '192.168.1.20')).toMatch(/192\.168\.1\.21/);
  });
});
