// After every scenario: the key values used must appear nowhere the renderer can reach: the
// DOM (including form values), web storage, IndexedDB, console output, or any IPC reply/event.
import { expect } from '@playwright/test';
import type { ConsoleHarness } from './app-harness';

export async function expectNoSecretsLeaked(h: ConsoleHarness): Promise<void> {
  const surfaces = await h.page.evaluate(async () => {
    const values = [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value);
    const storage = JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } });
    const dbs: string[] = [];
    if (indexedDB.databases) {
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const db = await new Promise<IDBDatabase>((ok, fail) => {
          const r = indexedDB.open(info.name!);
          r.onsuccess = () => ok(r.result);
          r.onerror = () => fail(r.error);
        });
        for (const store of [...db.objectStoreNames]) {
          const all = await new Promise<unknown[]>((ok) => {
            const r = db.transaction(store).objectStore(store).getAll();
            r.onsuccess = () => ok(r.result);
          });
          dbs.push(JSON.stringify(all));
        }
        db.close();
      }
    }
    return { dom: document.documentElement.outerHTML, values: values.join('\n'), storage, indexedDb: dbs.join('\n') };
  });
  const haystacks: Record<string, string> = {
    ...surfaces,
    console: h.console.join('\n'),
    ipc: h.ipcTraffic.join('\n'),
  };
  expect(h.secrets.length).toBeGreaterThan(0);
  for (const secret of h.secrets) {
    expect(secret.length).toBeGreaterThanOrEqual(8);
    for (const [where, text] of Object.entries(haystacks)) {
      expect(text.includes(secret), `a key value leaked into ${where}`).toBe(false);
    }
  }
}
