// The IPC contract's invoke channels for webhooks: their secrets and the delivery inspector. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { WebhookInfo } from '../../shared/conversation';
import type { DeliveryList, KeptDelivery, TestEventKind } from '../../shared/webhook-deliveries';
import type { ClipboardReport } from '../../shared/ipc-types';

export interface WebhooksInvokeMap {
  /** where the active profile's service should post its webhooks, and whether its secret and verify token are set */
  'webhooks:info': { payload: Record<string, never>; value: WebhookInfo };
  /**
   * sets (a string) or removes (null) the active profile's webhook secret and verify token, in
   * the OS keychain; main never sends either back
   */
  'webhooks:set-secrets': { payload: { secret?: string | null; verifyToken?: string | null }; value: WebhookInfo };
  /** the active profile's kept webhook deliveries (the inspector), newest first; afterSeq: only newer ones */
  'inspector:list': { payload: { afterSeq?: number; limit?: number }; value: DeliveryList };
  /** hands a kept delivery to the app again, as a live one is handled; answers the replay's own record */
  'inspector:replay': { payload: { id: string }; value: KeptDelivery };
  /** posts a test event at this window's listener for the active profile, signed with its secret; answers the HTTP status */
  'inspector:fire': { payload: { kind: TestEventKind; dialect: string }; value: { status: number } };
  /** main writes a cURL re-posting the delivery to the clipboard; its signature is computed only when asked (then cleared later) */
  'inspector:copy-curl': { payload: { id: string; withSignature: boolean }; value: ClipboardReport };
}
