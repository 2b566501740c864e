// Online/offline as the renderer sees it: judged by the outcome of real requests (any HTTP
// answer means the API is reachable) and the number of operations still waiting in the outbox.
import type { OutboxItem, RequestLogEntry } from '../core/model';
import type { EventMap } from './contract';
import { isUnreachableCode } from '../shared/unreachable';

export function createNetStatus(emit: (data: EventMap['net:status']) => void) {
  let online = true;
  let pending = 0;
  const publish = (next: { online: boolean; pending: number }): void => {
    if (next.online === online && next.pending === pending) return;
    online = next.online;
    pending = next.pending;
    emit({ online, pending });
  };
  return {
    onRequest(entry: RequestLogEntry): void {
      if (entry.status !== null) publish({ online: true, pending });
      else if (isUnreachableCode(entry.errorCode)) publish({ online: false, pending });
    },
    onOutbox(items: OutboxItem[]): void {
      publish({ online, pending: items.filter((i) => i.state === 'pending' || i.state === 'sending').length });
    },
    current: (): EventMap['net:status'] => ({ online, pending }),
  };
}
