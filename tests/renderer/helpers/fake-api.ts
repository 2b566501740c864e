// A small stand-in for main's api:* channels: a desk-like Send Text example whose rows are
// guessed by name, with `fixes` applied the way main applies them (a fixed role is taken from
// the row it was guessed for). Enough to drive the mapping editor's store and components.
import type {
  ApiProposal,
  DescribedApi,
  DescribedOperation,
  MappingRow,
  OperationSpec,
  Profile,
  Role,
  RoleFixes,
  Template,
} from '../../../src-renderer/lib/api';
import { useApiStore } from '../../../src-renderer/features/profiles/api/api-store';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import type { FakeCrm } from './fake-crm';
import { fail, installFakeCrm, ok } from './fake-crm';
import { profileRecord } from './records';
import { resetStores } from './stores';

export const DESK_TEXT_CURL = `curl --request POST \\
     --url http://127.0.0.1:4010/api/v1/sendMessage \\
     --header "authorization: Bearer YOUR_API_KEY" \\
     --data "{\\"chatId\\": \\"5511999990000@c.us\\", \\"message\\": \\"Hello\\", \\"type\\": \\"chat\\"}"`;

const EXAMPLE: { field: string; value: string; guess: Role | null }[] = [
  { field: 'chatId', value: '5511999990000@c.us', guess: 'number' },
  { field: 'message', value: 'Hello', guess: 'text' },
  { field: 'type', value: 'chat', guess: null },
];

export const PROFILE: Profile = profileRecord({ name: 'Desk', activeKeyId: 'k1' });

/** The window with PROFILE active and nothing of its API asked yet, and a fresh fake main with no handlers; returns that main. */
export function startOnApiProfile(): FakeCrm {
  resetStores(useApiStore);
  useProfilesStore.setState({ ...useProfilesStore.getInitialState(), profiles: [PROFILE], activeProfileId: 'p1', status: 'ready' }, true);
  return installFakeCrm();
}

const DEFAULT_TEXT: OperationSpec = {
  method: 'POST',
  path: '/api/v1/messages/text',
  query: [],
  headers: [],
  body: { number: { $role: 'number' }, text: { $role: 'text' } },
};

export function describedApi(profileId: string, custom: Partial<Record<DescribedOperation, OperationSpec>> = {}): DescribedApi {
  const labels: Record<DescribedOperation, string> = {
    'contacts.list': 'List contacts',
    'messages.text': 'Send Text',
    'messages.media': 'Send Media',
    'messages.audio': 'Send Audio',
    'messages.template': 'Send Template',
    'messages.list': 'List messages',
    'templates.list': 'List templates',
    'media.upload': 'Upload media',
    'keys.check': 'Check key',
    'messages.reaction': 'Send Reaction',
    'media.download': 'Download media',
    'messages.read': 'Mark as Read',
    'templates.create': 'Create template',
    'templates.update': 'Edit template',
    'templates.delete': 'Delete template',
  };
  return {
    profileId,
    baseUrl: 'http://127.0.0.1:4010',
    operations: (Object.keys(labels) as DescribedOperation[]).map((operation) => ({
      operation,
      label: labels[operation],
      spec: custom[operation] ?? (operation === 'messages.text' ? DEFAULT_TEXT : { ...DEFAULT_TEXT, path: `/api/v1/${operation}` }),
      custom: custom[operation] !== undefined,
      // docs/API.md has no upload: a profile offers it only once it describes one (as main says)
      absent: (operation === 'media.upload' || operation === 'keys.check') && custom[operation] === undefined,
    })),
  };
}

/** What main would propose for the example with these fixes. */
export function proposeDeskText(fixes: RoleFixes = {}, baseUrl = 'http://127.0.0.1:4010'): ApiProposal {
  const fixed = new Map<string, Role | null>();
  for (const [role, fields] of Object.entries(fixes) as [Role | 'constant', string[]][])
    for (const f of fields) fixed.set(f, role === 'constant' ? null : role);
  const taken = new Set([...fixed.values()].filter((r): r is Role => r !== null));
  const rows: MappingRow[] = EXAMPLE.map(({ field, value, guess }) => {
    if (fixed.has(field)) return { location: 'body', field, example: value, role: fixed.get(field) ?? null };
    return { location: 'body', field, example: value, role: guess !== null && !taken.has(guess) ? guess : null };
  });
  const body: Record<string, Template> = {};
  for (const row of rows) {
    if (row.role === 'number') body[row.field] = { $role: 'number', suffix: '@c.us' };
    else body[row.field] = row.role === null ? (EXAMPLE.find((e) => e.field === row.field)?.value ?? '') : { $role: row.role };
  }
  const missing = (['number', 'text'] as const).filter((r) => !rows.some((row) => row.role === r));
  return {
    operation: 'messages.text',
    spec: { method: 'POST', path: '/api/v1/sendMessage', query: [], headers: [], body, send: { messageId: null } },
    baseUrl,
    rows,
    warnings: [
      "Authorization is left out: the app adds it from the keychain with the profile's key",
      ...missing.map((r) => `In this example no field is mapped to the ${r}`),
    ],
  };
}

/** Installs the api:* handlers on a fake crm; `refuseSave` makes api:save answer a validation error. */
export function handleApi(
  crm: FakeCrm,
  options: { refuseSave?: string; baseUrl?: string } = {},
): { saved: () => Partial<Record<DescribedOperation, OperationSpec>> } {
  const saved: Partial<Record<DescribedOperation, OperationSpec>> = {};
  crm.handle('api:describe', ({ profileId }) => ok(describedApi(profileId, saved)));
  crm.handle('api:import-curl', ({ curl, fixes }) =>
    curl.startsWith('curl')
      ? ok(proposeDeskText(fixes, options.baseUrl))
      : fail({ code: 'validation', message: 'The cURL could not be read: it does not start with curl' }),
  );
  crm.handle('api:preview', ({ spec }) =>
    ok({
      method: 'POST',
      url: `http://127.0.0.1:4010${spec?.path ?? '/api/v1/messages/text'}`,
      curl: `curl -X POST ${JSON.stringify(spec?.body ?? null)}`,
      problems: [],
    }),
  );
  crm.handle('api:save', ({ operation, spec }) => {
    if (options.refuseSave) return fail({ code: 'validation', message: options.refuseSave });
    saved[operation] = spec;
    return ok({ ...PROFILE, api: { version: 1, operations: { ...saved } } });
  });
  crm.handle('api:reset', ({ operation }) => {
    if (operation === 'all') for (const k of Object.keys(saved)) delete saved[k as DescribedOperation];
    else delete saved[operation];
    return ok({ ...PROFILE, api: Object.keys(saved).length > 0 ? { version: 1, operations: { ...saved } } : null });
  });
  return { saved: () => saved };
}
