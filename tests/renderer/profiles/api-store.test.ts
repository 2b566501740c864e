import { beforeEach, describe, expect, it } from 'vitest';
import {
  canSave,
  selectDescribedOperation,
  selectDraft,
  shownRole,
  useApiStore,
} from '../../../src-renderer/features/profiles/api/api-store';
import { fixesFrom, rowKey } from '../../../src-renderer/features/profiles/api/fixes';
import { writtenNumber } from '../../../src-renderer/features/profiles/api/number-format';
import { DESK_TEXT_CURL, handleApi } from '../helpers/fake-api';
import { flush, installFakeCrm, type FakeCrm } from '../helpers/fake-crm';

let crm: FakeCrm;
const text = () => selectDraft('messages.text')(useApiStore.getState());
const rolesOf = () => Object.fromEntries((text().proposal?.rows ?? []).map((r) => [r.field, r.role]));

beforeEach(() => {
  useApiStore.setState(useApiStore.getInitialState(), true);
  crm = installFakeCrm();
});

async function openAndRead(): Promise<void> {
  const store = useApiStore.getState();
  await store.open('p1');
  store.select('messages.text');
  store.setCurl('messages.text', `  ${DESK_TEXT_CURL}\n`);
  await store.readCurl('messages.text');
  await flush();
}

describe('api store: import', () => {
  it('describes the profile, reads the pasted cURL without fixes, keeps the guesses and previews the proposal', async () => {
    handleApi(crm);
    await openAndRead();
    expect(crm.callsTo('api:describe')).toEqual([{ profileId: 'p1' }]);
    expect(crm.callsTo('api:import-curl')).toEqual([{ profileId: 'p1', operation: 'messages.text', curl: DESK_TEXT_CURL }]);
    expect(rolesOf()).toEqual({ chatId: 'number', message: 'text', type: null });
    expect(text().guesses).toEqual({ 'body:chatId': 'number', 'body:message': 'text', 'body:type': null });
    expect(text().choices).toEqual({});
    expect(canSave(text())).toBe(true);
    // the preview asks for the proposal's spec, not the saved one
    expect(crm.callsTo('api:preview').at(-1)).toMatchObject({ operation: 'messages.text', spec: { path: '/api/v1/sendMessage' } });
    expect(text().preview.value?.url).toBe('http://127.0.0.1:4010/api/v1/sendMessage');
    expect(writtenNumber(text().proposal!.spec)).toBe('5511999990000@c.us');
  });

  it('shows a cURL that cannot be read as an error and keeps no proposal', async () => {
    handleApi(crm);
    const store = useApiStore.getState();
    await store.open('p1');
    store.setCurl('messages.text', 'wget http://example.com');
    await store.readCurl('messages.text');
    expect(text().read).toEqual({
      status: 'error',
      error: { code: 'validation', message: 'The cURL could not be read: it does not start with curl' },
    });
    expect(text().proposal).toBeNull();
    expect(canSave(text())).toBe(false);
  });

  it('does not ask main about an empty box', async () => {
    handleApi(crm);
    await useApiStore.getState().readCurl('messages.text');
    expect(crm.callsTo('api:import-curl')).toHaveLength(0);
  });
});

describe('api store: the table’s choices become fixes', () => {
  it('sends only the rows that differ from the guess; undoing a choice sends no fix again', async () => {
    handleApi(crm);
    await openAndRead();
    const store = useApiStore.getState();

    // "type" (kept as given) becomes the text, so "message" loses it
    await store.chooseRole('messages.text', 'body:type', 'text');
    await flush();
    expect(crm.callsTo('api:import-curl').at(-1)).toEqual({
      profileId: 'p1',
      operation: 'messages.text',
      curl: DESK_TEXT_CURL,
      fixes: { text: ['type'] },
    });
    expect(rolesOf()).toEqual({ chatId: 'number', message: null, type: 'text' });

    // and "chatId" is kept as given: two fixes, one per changed row
    await store.chooseRole('messages.text', 'body:chatId', null);
    await flush();
    expect(crm.callsTo('api:import-curl').at(-1)?.fixes).toEqual({ text: ['type'], constant: ['chatId'] });
    expect(text().proposal?.warnings.some((w) => w.includes('number'))).toBe(true);

    // back to main's guesses: no fixes, and "message" is the text again
    await store.chooseRole('messages.text', 'body:chatId', 'number');
    await store.chooseRole('messages.text', 'body:type', null);
    await flush();
    const last = crm.callsTo('api:import-curl').at(-1);
    expect(last).toEqual({ profileId: 'p1', operation: 'messages.text', curl: DESK_TEXT_CURL });
    expect(rolesOf()).toEqual({ chatId: 'number', message: 'text', type: null });
    expect(text().choices).toEqual({});
  });

  it('re-reads the cURL that was read, not what the box holds since', async () => {
    handleApi(crm);
    await openAndRead();
    useApiStore.getState().setCurl('messages.text', 'half-edited');
    await useApiStore.getState().chooseRole('messages.text', 'body:type', 'text');
    expect(crm.callsTo('api:import-curl').at(-1)?.curl).toBe(DESK_TEXT_CURL);
  });

  it('shows the person’s choice while main answers, and keeps Save off until it has', async () => {
    handleApi(crm);
    await openAndRead();
    const pending = useApiStore.getState().chooseRole('messages.text', 'body:type', 'text');
    const row = text().proposal!.rows.find((r) => r.field === 'type')!;
    expect(shownRole(text(), rowKey(row), row.role)).toBe('text');
    expect(canSave(text())).toBe(false);
    await pending;
    await flush();
    expect(canSave(text())).toBe(true);
  });

  it('writes fixes as role -> fields', () => {
    expect(fixesFrom({ 'body:text.body': 'text', 'query:limit': 'per_page', 'body:type': null, 'body:kind': null })).toEqual({
      text: ['text.body'],
      per_page: ['limit'],
      constant: ['type', 'kind'],
    });
  });
});

describe('api store: save and reset', () => {
  it('saves the proposal’s spec, then the operation is custom; reset brings API.md back and drops the proposal', async () => {
    const api = handleApi(crm);
    await openAndRead();
    const store = useApiStore.getState();
    await store.chooseRole('messages.text', 'body:type', null); // same as the guess: no change
    expect(await store.save('messages.text')).toBe(true);
    expect(crm.callsTo('api:save')).toEqual([{ profileId: 'p1', operation: 'messages.text', spec: text().proposal!.spec }]);
    expect(api.saved()['messages.text']?.path).toBe('/api/v1/sendMessage');
    expect(text().save).toEqual({ status: 'saved' });
    expect(selectDescribedOperation('messages.text')(useApiStore.getState())).toMatchObject({
      custom: true,
      spec: { path: '/api/v1/sendMessage' },
    });

    expect(await store.reset('messages.text')).toBe(true);
    expect(crm.callsTo('api:reset')).toEqual([{ profileId: 'p1', operation: 'messages.text' }]);
    expect(selectDescribedOperation('messages.text')(useApiStore.getState())).toMatchObject({
      custom: false,
      spec: { path: '/api/v1/messages/text' },
    });
    expect(text().proposal).toBeNull();
    expect(text().curl).toBe(`  ${DESK_TEXT_CURL}\n`);
    expect(text().save).toEqual({ status: 'reset' });
    await flush();
    // the preview now shows the saved (docs/API.md) request
    expect(crm.callsTo('api:preview').at(-1)).toEqual({ profileId: 'p1', operation: 'messages.text', spec: null });
  });

  it('keeps main’s refusal to show it, and the proposal to fix it', async () => {
    handleApi(crm, { refuseSave: 'Send Text cannot be saved: no field is mapped to the message text' });
    await openAndRead();
    expect(await useApiStore.getState().save('messages.text')).toBe(false);
    expect(text().save).toEqual({
      status: 'error',
      action: 'save',
      error: { code: 'validation', message: 'Send Text cannot be saved: no field is mapped to the message text' },
    });
    expect(text().proposal).not.toBeNull();
    expect(selectDescribedOperation('messages.text')(useApiStore.getState())?.custom).toBe(false);
  });

  it('another profile starts with no drafts', async () => {
    handleApi(crm);
    await openAndRead();
    await useApiStore.getState().open('p2');
    expect(useApiStore.getState().drafts['messages.text']).toBeUndefined();
    expect(useApiStore.getState().selected).toBe('contacts.list');
    expect(useApiStore.getState().described?.profileId).toBe('p2');
  });
});
