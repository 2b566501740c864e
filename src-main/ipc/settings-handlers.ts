// settings:* channels: the CA file and the request deadline, settings of the data folder that
// every process on it uses. The CA file is chosen in main's own dialog, so the window can never
// make main trust a file it names; "All files" is offered, as a certificate bundle has no one
// extension (.pem, .crt, .cer). The deadline's range is checked by its payload's schema.
import { requestDeadlineState } from '../core/http/request-deadline';
import type { DomainHandlers, HandlerCore, HandlerPlatform } from './handler-types';

export function createSettingsHandlers(
  settings: Pick<HandlerCore, 'caFile' | 'requestDeadline'>,
  pickFile: HandlerPlatform['pickFile'],
): DomainHandlers<'settings'> {
  const { caFile, requestDeadline } = settings;
  return {
    'settings:ca-file': () => caFile.state(),
    'settings:set-ca-file': async ({ action }) => {
      if (action === 'clear') return caFile.choose(null);
      const path = await pickFile('document');
      return path === null ? caFile.state() : caFile.choose(path);
    },
    'settings:request-deadline': async () => requestDeadlineState(requestDeadline.get()),
    'settings:set-request-deadline': async ({ seconds }) => {
      requestDeadline.set(seconds);
      return requestDeadlineState(requestDeadline.get());
    },
  };
}
