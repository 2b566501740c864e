// The name Electron is given before it is ready. On macOS the application menu, the About panel
// and Quit say the app's name, which run from the source tree would be "Electron" or the package
// name "crm-console": there it is the product's name. On Linux the window's X11 class (WM_CLASS)
// is made from this name, and the installed crm-console.desktop is matched to the window by
// StartupWMClass=crm-console: renaming it there would split the window from its launcher, so
// Linux and Windows keep package.json's name. userData is set explicitly right after (the data
// folder), so the name never decides where anything is stored.

export const PRODUCT_NAME = 'CRM Console';

/** the name to give Electron, or null to keep package.json's */
export function appNameFor(platform: NodeJS.Platform): string | null {
  return platform === 'darwin' ? PRODUCT_NAME : null;
}
