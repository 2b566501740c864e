// One printed line per webhook delivery (crm webhooks listen, crm webhooks log): when, for which
// profile, and what it became. Pure.
import { deliveryWords } from '../shared/webhook-deliveries';
import type { KeptDelivery } from '../core/store/tables/webhook-deliveries-table';
import { clean } from './format';

export function deliveryLine(delivery: KeptDelivery, profileName: string, withId: boolean): string {
  const time = delivery.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
  const id = withId ? `  ${delivery.id}` : '';
  return `${time}  ${clean(profileName)}  ${clean(deliveryWords(delivery))}${id}`;
}

/** the --json line: the delivery as kept (scrubbed), with its words */
export function deliveryJson(delivery: KeptDelivery): string {
  return JSON.stringify({ ...delivery, words: deliveryWords(delivery) });
}
