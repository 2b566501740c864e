// Which signing secrets a release leg uses: complete sets only, a clear line for each one skipped,
// a half-given set refused, and values written so that GITHUB_ENV keeps them whole.
import { describe, expect, it } from 'vitest';
import { githubEnvLines, signingPlan } from '../../../scripts/signing-env.mjs';

const MAC_SIGN = { CSC_LINK: 'base64p12', CSC_KEY_PASSWORD: 'pw' };
const NOTARY = { APPLE_ID: 'dev@example.com', APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh', APPLE_TEAM_ID: 'TEAM123' };

describe('signingPlan', () => {
  it('macOS without secrets: both steps skipped, said plainly, and no identity is looked for', () => {
    const plan = signingPlan('darwin', { CSC_LINK: '', CSC_KEY_PASSWORD: '', APPLE_ID: '' });
    expect(plan.problem).toBeNull();
    expect(plan.exports).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(plan.notes).toEqual([
      'macOS code signing: SKIPPED, the repository has no CSC_LINK, CSC_KEY_PASSWORD secrets',
      'macOS notarization: SKIPPED, the repository has no APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID secrets',
    ]);
  });

  it('macOS with every secret: signed and notarized', () => {
    const plan = signingPlan('darwin', { ...MAC_SIGN, ...NOTARY, WIN_CSC_LINK: 'not for this OS' });
    expect(plan.exports).toEqual({ ...MAC_SIGN, ...NOTARY });
    expect(plan.notes).toEqual([
      'macOS code signing: ON (CSC_LINK, CSC_KEY_PASSWORD)',
      'macOS notarization: ON (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID)',
    ]);
  });

  it('refuses a half-given set, and notarization without a signature', () => {
    expect(signingPlan('darwin', { CSC_LINK: 'x' }).problem).toBe(
      'macOS code signing: only CSC_LINK of CSC_LINK, CSC_KEY_PASSWORD are set; set all or none',
    );
    expect(signingPlan('darwin', NOTARY).problem).toBe('macOS notarization needs macOS code signing, whose secrets are missing');
    expect(signingPlan('win32', { WIN_CSC_KEY_PASSWORD: 'pw' }).problem).toMatch(
      /^Windows Authenticode signing: only WIN_CSC_KEY_PASSWORD/,
    );
  });

  it('Windows takes only its own certificate; Linux signs nothing and says so', () => {
    expect(signingPlan('win32', { WIN_CSC_LINK: 'pfx', WIN_CSC_KEY_PASSWORD: 'pw', ...MAC_SIGN }).exports).toEqual({
      WIN_CSC_LINK: 'pfx',
      WIN_CSC_KEY_PASSWORD: 'pw',
    });
    expect(signingPlan('linux', { ...MAC_SIGN })).toEqual({
      exports: {},
      notes: [expect.stringMatching(/^Linux: deb and AppImage are not signed/)],
      problem: null,
    });
  });
});

describe('githubEnvLines', () => {
  it('writes each value between delimiter lines, multi-line values included', () => {
    expect(githubEnvLines({ CSC_LINK: 'AAAA\nBBBB', CSC_KEY_PASSWORD: 'pw' }, 'EOF_X')).toBe(
      'CSC_LINK<<EOF_X\nAAAA\nBBBB\nEOF_X\nCSC_KEY_PASSWORD<<EOF_X\npw\nEOF_X\n',
    );
    expect(githubEnvLines({ A: '1' })).toMatch(/^A<<SIGNING_[0-9a-f]{16}\n1\nSIGNING_[0-9a-f]{16}\n$/);
  });
});
