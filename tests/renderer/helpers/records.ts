// app:info, a profile, a saved key, a sent message and a profile's webhook settings as main hands
// them to the window: each test names only the fields its case is about, the rest are these plain
// defaults.
import type { AppInfo, KeyMeta, Profile, SentMessage, WebhookInfo } from '../../../src-renderer/lib/api';
import { freshKeyMeta } from '../../fixtures/key-meta';
import { TEST_APP_INFO } from '../../main/helpers/app-info';

/** the handler tests' app info (limits of 1): a case that stages or types anything names what it allows */
export function appInfoRecord(fields: Partial<AppInfo> = {}): AppInfo {
  return { ...TEST_APP_INFO, ...fields };
}

export function profileRecord(fields: Partial<Profile> = {}): Profile {
  return {
    id: 'p1',
    name: 'Sandbox',
    baseUrl: 'http://127.0.0.1:4010',
    endpointOverrides: {},
    api: null,
    activeKeyId: null,
    sandbox: false,
    allowInsecureHttp: false,
    createdAt: '2025-01-01T00:00:00Z',
    ...fields,
  };
}

export function keyRecord(fields: Partial<KeyMeta> = {}): KeyMeta {
  return freshKeyMeta({ id: 'k1', name: 'CI key', profileId: 'p1', fingerprint: '9z9z', addedAt: '2025-01-01T00:00:00Z', ...fields });
}

export function sentMessageRecord(fields: Partial<SentMessage> = {}): SentMessage {
  return {
    id: 'm_1',
    type: 'text',
    number: '5511999990000',
    status: 'queued',
    createdAt: null,
    raw: {},
    understood: true,
    ...fields,
  };
}

/** a profile's webhook address, unsigned, before any event arrived */
export function webhookInfoRecord(fields: Partial<WebhookInfo> = {}): WebhookInfo {
  return {
    url: 'http://127.0.0.1:47474/webhooks/p1',
    problem: null,
    signed: false,
    verifyToken: false,
    throughTunnel: false,
    warning: null,
    eventsArrived: false,
    ...fields,
  };
}
