import { requestConfirm } from '../../ui/confirm-store';

/** Asked when main refuses a plain-http base URL to a non-loopback host. */
export function confirmInsecureHttp(baseUrl: string): Promise<boolean> {
  return requestConfirm({
    title: 'Send over unencrypted http?',
    message: `${baseUrl} uses plain http to another machine: the API key and every message would cross the network unencrypted and could be read or changed on the way. Use https unless this is a network you control.`,
    confirmLabel: 'Use http anyway',
    danger: true,
  });
}
