// What the webhook listener saw of one request and what it said, handed to whoever keeps the
// inspector's record (webhook-inspector.ts). A leaf module: the receiver and the inspector both
// import it, neither imports the other.
import type { IncomingHttpHeaders } from 'node:http';
import type { DeliveryVerdict } from '../../../shared/webhook-deliveries';

export type { DeliveryVerdict };

export interface ObservedDelivery {
  profileId: string;
  at: Date;
  /** the poster's address as the socket saw it (a tunnel's own when one forwards) */
  source: string | null;
  method: string;
  /** the path and query string as received */
  path: string;
  headers: IncomingHttpHeaders;
  /** the raw body; null when it was never read */
  body: Buffer | null;
  verdict: DeliveryVerdict;
  /** the HTTP status answered */
  status: number;
  /** why it was refused or ignored (a short phrase); null when it was taken with events in it */
  problem: string | null;
  /** the parsed body handed to the conversations; null when it did not get that far */
  payload: unknown;
  /** how many events it held and how many changed something (0 of a repeat); null: not handed on */
  outcome: { found: number; changed: number } | null;
  /** a replay of a kept delivery (webhook-inspector.ts), not a post from the service */
  replayOf?: string;
}

/** a post whose signature passed (or that needs none) and whose body was read: its events are to be stored, and it kept */
export type TakenDelivery = Omit<ObservedDelivery, 'status' | 'problem' | 'outcome'>;
