// The data folder the follow tests share: the profile "Shop" on a sandbox and its key, made
// through crm as a person would, then the window's core opened on the same folder (it stores
// what the service posts, as the window's listener does). Run inside the keyring harness.
import { afterAll, beforeAll } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess } from './cli-harness';

export interface ShopFolder {
  sandbox: RunningSandbox;
  /** CRM_DATA_DIR and CRM_KEYCHAIN_SERVICE of the folder, for every crm run */
  env: Record<string, string>;
  profileId: string;
}

export async function openShopFolder(name: string): Promise<ShopFolder> {
  const sandbox = await openSandbox({ contacts: 1 });
  const env = { CRM_DATA_DIR: await tempDir(`crm-${name}-`), CRM_KEYCHAIN_SERVICE: uniqueKeychainService(name) };
  const added = await runInProcess(['profiles', 'add', '--name', 'Shop', '--url', sandbox.baseUrl, '--json'], { env });
  const profileId = (JSON.parse(added.stdout) as { profile: { id: string } }).profile.id;
  const key = await runInProcess(['keys', 'add', '--name', 'ops'], { env, input: sandbox.adminKey });
  if (key.code !== 0) throw new Error(`crm keys add failed: ${key.stderr}`);
  return { sandbox, env, profileId };
}

/** `crm send text` from the folder; the id the service gave the message */
export async function sendFromShop(folder: ShopFolder, to: string, text: string): Promise<string> {
  const sent = await runInProcess(['send', 'text', '--to', to, '--text', text, '--json'], { env: folder.env });
  return (JSON.parse(sent.stdout) as { message: { id: string } }).message.id;
}

export function openWindow(folder: ShopFolder): Promise<Core> {
  return createCore({ dataDir: folder.env.CRM_DATA_DIR!, keychainService: folder.env.CRM_KEYCHAIN_SERVICE, outbox: false });
}

/** The folder and its window, opened together. */
export async function openShopAndWindow(name: string): Promise<{ folder: ShopFolder; window: Core }> {
  const folder = await openShopFolder(name);
  return { folder, window: await openWindow(folder) };
}

/** The folder after crm sent `text` to `to`, the id the service gave it, and the window opened after the send. */
export async function openShopAfterSend(
  name: string,
  to: string,
  text: string,
): Promise<{ folder: ShopFolder; window: Core; messageId: string }> {
  const folder = await openShopFolder(name);
  const messageId = await sendFromShop(folder, to, text);
  return { folder, window: await openWindow(folder), messageId };
}

/** A text the contact sent, stored by the window as its listener stores what the service posted. */
export interface ContactText {
  id: string;
  number: string;
  text: string;
  name?: string;
}

export function contactTextArrives(window: Core, profileId: string, reply: ContactText): void {
  const { id, number, text, name } = reply;
  const data = { id, number, type: 'text', text, ...(name === undefined ? {} : { name }), at: new Date().toISOString() };
  window.conversations.receive(profileId, { event: 'message.received', data });
}

/** The folder after crm sent each of `sends` ([to, text]), and its window holding the contact's reply. */
export async function openShopWithReply(
  name: string,
  sends: [to: string, text: string][],
  reply: ContactText,
): Promise<{ folder: ShopFolder; window: Core }> {
  const folder = await openShopFolder(name);
  for (const [to, text] of sends) await sendFromShop(folder, to, text);
  const window = await openWindow(folder);
  contactTextArrives(window, folder.profileId, reply);
  return { folder, window };
}

/**
 * For the calling describe block: the folder and window openShopWithReply makes, opened before its
 * first test and closed after its last (read them inside the tests).
 */
export function shopWithReplyForSuite(
  name: string,
  sends: [to: string, text: string][],
  reply: ContactText,
): { readonly folder: ShopFolder; readonly window: Core } {
  const opened = {} as { folder: ShopFolder; window: Core };
  beforeAll(async () => {
    Object.assign(opened, await openShopWithReply(name, sends, reply));
  });
  afterAll(() => closeShopFolder(opened.window));
  return opened;
}

/** the window closed, the keys it saved taken out of the keychain, the sandboxes closed */
export async function closeShopFolder(window: Core | undefined): Promise<void> {
  const keys = await window?.keys.list().catch(() => []);
  for (const key of keys ?? []) await window?.secretStore.delete(`key:${key.id}`).catch(() => false);
  await window?.close();
  await closeSandboxes();
}
