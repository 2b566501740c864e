// Every migration of crm.db, in order. Each table's owner module supplies the steps that create
// and change its table; this list only orders them. Append, never edit a released step: files
// in the field were migrated by it.
import type { Migration } from './migrate';
import { createRequestLogTable } from './request-log-table';

export const MIGRATIONS: readonly Migration[] = [{ version: 1, name: 'request log', up: createRequestLogTable }];
