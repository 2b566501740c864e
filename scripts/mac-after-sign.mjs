// electron-builder's afterSign hook (electron-builder.json). A build with no signing identity is
// signed ad hoc (scripts/dist-plan.mjs sets identity "-"): the fuses flipped just before signing
// changed the Electron framework, and osx-sign signs the pieces one by one. Re-sealing the whole
// bundle with `codesign --force --deep --sign -` and verifying it leaves one consistent ad-hoc
// signature, which an Apple silicon Mac needs to start the app at all. A Developer ID build is
// left exactly as electron-builder signed (and notarised) it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** the .app to re-seal ad hoc, or null (not macOS, or signed with a real identity) */
export function adHocResignTarget({ electronPlatformName, appOutDir, identity, productFilename }) {
  if (electronPlatformName !== 'darwin' && electronPlatformName !== 'mas') return null;
  if (identity !== '-') return null;
  return join(appOutDir, `${productFilename}.app`);
}

/**
 * @param {{ electronPlatformName: string, appOutDir: string,
 *   packager: { platformSpecificBuildOptions: { identity?: string | null }, appInfo: { productFilename: string } } }} context
 */
export async function afterSign(context) {
  const app = adHocResignTarget({
    electronPlatformName: context.electronPlatformName,
    appOutDir: context.appOutDir,
    identity: context.packager.platformSpecificBuildOptions.identity,
    productFilename: context.packager.appInfo.productFilename,
  });
  if (app === null) return;
  execFileSync('codesign', ['--force', '--deep', '--sign', '-', app], { stdio: 'inherit' });
  execFileSync('codesign', ['--verify', '--deep', '--strict', app], { stdio: 'inherit' });
}
