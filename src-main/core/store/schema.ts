// Every migration of crm.db, in order. Each table's owner module supplies the steps that create
// and change its table; this list only orders them. Append, never edit a released step: files
// in the field were migrated by it.
import type { Migration } from './migrate';
import {
  addReceivedRichParts,
  addReceivedMedia,
  createConversationTables,
  indexConversationsByProfile,
} from './tables/conversation-tables';
import { createConversationList } from './tables/conversation-list-table';
import { addKeyExpiry, createKeysTable } from './tables/keys-table';
import { createMessageSearch, indexRepliesInBatches } from './tables/message-search-table';
import { addRefusedOrigin, createMediaDownloadsTable } from './tables/media-downloads-table';
import { createSentExtrasTable } from './tables/sent-extras-table';
import { addProfileLive, createProfilesTable } from './tables/profiles-table';
import { addRequestLogProfile, addRequestLogResponseBody, addRequestLogTiming, createRequestLogTable } from './tables/request-log-table';
import { createServerKeysTable } from './tables/server-keys-table';
import { addSentSender, createSentMessagesTable } from './tables/sent-messages-table';
import { createSettingsTable } from './tables/settings-table';
import { createTableVersions } from './tables/table-versions';
import { createQuickAnswerTables } from './tables/quick-answer-tables';
import { createCannedTable } from './tables/canned-table';
import { createReadReceiptsTable } from './tables/read-receipts-table';
import { createWebhookDeliveriesTable, watchWebhookDeliveries } from './tables/webhook-deliveries-table';
import { createTemplateStatesTable } from './tables/template-states-table';

/** one migration made of several tables' steps, run one after the other */
function inOrder(...steps: readonly Migration['up'][]): Migration['up'] {
  return (db) => {
    for (const step of steps) step(db);
  };
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'request log', up: createRequestLogTable },
  {
    version: 2,
    name: 'settings, profiles, saved keys, sent messages, table versions',
    up: inOrder(createSettingsTable, createProfilesTable, createKeysTable, createSentMessagesTable, createTableVersions),
  },
  { version: 3, name: 'received messages and message states', up: createConversationTables },
  { version: 4, name: "the request log's profile", up: addRequestLogProfile },
  { version: 5, name: 'the last server key list seen per profile', up: createServerKeysTable },
  { version: 6, name: "the request log's timing breakdown", up: addRequestLogTiming },
  { version: 7, name: 'the files contacts sent', up: addReceivedMedia },
  { version: 8, name: "each profile's received messages and states in arrival order", up: indexConversationsByProfile },
  { version: 9, name: "each saved key's expiry", up: addKeyExpiry },
  { version: 10, name: "each profile's conversation list (the inbox)", up: createConversationList },
  { version: 11, name: 'the search index over every conversation', up: createMessageSearch },
  {
    version: 12,
    name: 'received files downloaded by their media id, the places and contact cards contacts shared, and what a conversation shows of own sends',
    up: inOrder(createMediaDownloadsTable, addReceivedRichParts, createSentExtrasTable),
  },
  {
    version: 13,
    name: 'quoted messages, reactions and canned responses',
    up: inOrder(createQuickAnswerTables, createCannedTable),
  },
  { version: 14, name: 'the origin a received file is kept at when the key was not sent there', up: addRefusedOrigin },
  { version: 15, name: 'the message each conversation last sent a read receipt for', up: createReadReceiptsTable },
  { version: 16, name: "the webhook inspector's record of each delivery", up: createWebhookDeliveriesTable },
  {
    version: 17,
    name: 'who made each send, and which profiles are live',
    up: inOrder(addSentSender, addProfileLive),
  },
  {
    version: 18,
    name: "each profile's message templates: status, quality, category and why one was rejected",
    up: createTemplateStatesTable,
  },
  { version: 19, name: "the webhook inspector's deliveries under watch, so another process's show at once", up: watchWebhookDeliveries },
  { version: 20, name: "the request log's response body in a column of its own", up: addRequestLogResponseBody },
  { version: 21, name: 'replies indexed for search in batches, up to a mark', up: indexRepliesInBatches },
];
