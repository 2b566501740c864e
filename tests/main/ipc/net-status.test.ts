import { describe, expect, it } from 'vitest';
import type { OutboxItem, RequestLogEntry } from '../../../src-main/core/model';
import { createNetStatus } from '../../../src-main/ipc/net-status';

const entry = (status: number | null, errorCode: RequestLogEntry['errorCode'] = null): RequestLogEntry => ({
  id: 'r',
  at: '',
  process: 'window',
  host: 'crm.example',
  method: 'GET',
  path: '/api/v1/contacts',
  status,
  durationMs: 1,
  requestHeaders: {},
  errorCode,
  attempt: 1,
});
const item = (state: OutboxItem['state']) => ({ state }) as OutboxItem;

describe('net status', () => {
  it('goes offline on unreachable requests, online on any HTTP answer, and counts pending work', () => {
    const seen: unknown[] = [];
    const net = createNetStatus((s) => seen.push(s));
    net.onRequest(entry(200));
    expect(seen).toEqual([]);
    net.onRequest(entry(null, 'network'));
    net.onRequest(entry(null, 'timeout'));
    net.onOutbox([item('pending'), item('sending'), item('sent'), item('failed')]);
    net.onRequest(entry(null, 'cancelled'));
    net.onRequest(entry(500, 'server_error'));
    expect(seen).toEqual([
      { online: false, pending: 0 },
      { online: false, pending: 2 },
      { online: true, pending: 2 },
    ]);
  });
});
