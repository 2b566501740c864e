// settings:* channels: the CA-file setting. The file is chosen in main's own dialog, so the
// window can never make main trust a file it names; "All files" is offered, as a certificate
// bundle has no one extension (.pem, .crt, .cer).
import type { CaFileTrust } from '../core/http/network/ca-file-trust';
import type { DomainHandlers, HandlerPlatform } from './handler-types';

export function createSettingsHandlers(
  caFile: Pick<CaFileTrust, 'state' | 'choose'>,
  pickFile: HandlerPlatform['pickFile'],
): DomainHandlers<'settings'> {
  return {
    'settings:ca-file': () => caFile.state(),
    'settings:set-ca-file': async ({ action }) => {
      if (action === 'clear') return caFile.choose(null);
      const path = await pickFile('document');
      return path === null ? caFile.state() : caFile.choose(path);
    },
  };
}
