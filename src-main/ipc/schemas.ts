// A zod schema for every invoke payload. Main parses each payload with these before any
// service runs (docs/ARCHITECTURE.md, rule 4). The Record type makes a channel without a
// schema a compile error; `satisfies` ties each schema's output to the contract's payload.
// The schemas live per domain in schemas/, beside the contract's own domains in contract/.
import type { z } from 'zod';
import type { InvokeChannel, InvokePayload } from './contract';
import { appSchemas } from './schemas/app';
import { profilesSchemas } from './schemas/profiles';
import { apiSchemas } from './schemas/api';
import { keysSchemas } from './schemas/keys';
import { sendSchemas } from './schemas/send';
import { conversationsSchemas } from './schemas/conversations';
import { inboxSchemas } from './schemas/inbox';
import { templatesSchemas } from './schemas/templates';
import { webhooksSchemas } from './schemas/webhooks';
import { outboxSchemas } from './schemas/outbox';

type Schemas = { [C in InvokeChannel]: z.ZodType<InvokePayload<C>> };

export const payloadSchemas = {
  ...appSchemas,
  ...profilesSchemas,
  ...apiSchemas,
  ...keysSchemas,
  ...sendSchemas,
  ...conversationsSchemas,
  ...inboxSchemas,
  ...templatesSchemas,
  ...webhooksSchemas,
  ...outboxSchemas,
} satisfies Schemas;
