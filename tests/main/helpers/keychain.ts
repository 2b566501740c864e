// The real OS keychain in tests. `npm test` runs inside a private D-Bus session with a fresh,
// unlocked gnome-keyring (tests/harness/run-tests.sh sets CRM_TEST_KEYRING=1). There, a missing
// keychain is an error, not a skip. Elsewhere the probe decides and suites skip with a reason.
import { randomBytes } from 'node:crypto';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';

/**
 * a keychain service name nobody else uses: one per test file (and run). It starts with the run's
 * CRM_KEYCHAIN_SERVICE when there is one (tests/harness/with-keyring.sh on macOS and Windows,
 * where the keychain is the person's own), so the run's clean-up finds every entry by that prefix.
 */
export function uniqueKeychainService(label: string): string {
  return `${process.env.CRM_KEYCHAIN_SERVICE || 'crm-console-test'}-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

let probe: Promise<{ ok: boolean; reason: string }> | null = null;

async function probeKeychain(): Promise<{ ok: boolean; reason: string }> {
  const failures: string[] = [];
  const store = new KeytarSecretStore({
    service: uniqueKeychainService('probe'),
    timeoutMs: 5_000,
    onFailure: (_op, detail) => failures.push(detail),
  });
  try {
    await store.set('probe', 'probe-value');
    const back = await store.get('probe');
    await store.delete('probe');
    if (back !== 'probe-value') return { ok: false, reason: 'the keychain did not return what was stored' };
    return { ok: true, reason: '' };
  } catch {
    return { ok: false, reason: failures[0] ?? 'keytar failed' };
  }
}

/**
 * true when keytar can store and read a secret here. Under CRM_TEST_KEYRING=1 (npm test) a
 * failing keychain throws instead, so a broken harness cannot turn into silently skipped tests.
 */
export async function keychainAvailable(): Promise<boolean> {
  probe ??= probeKeychain();
  const result = await probe;
  if (!result.ok && process.env.CRM_TEST_KEYRING === '1') {
    throw new Error(`CRM_TEST_KEYRING=1 but the OS keychain does not work: ${result.reason}`);
  }
  if (!result.ok) {
    console.warn(`[tests] OS keychain unavailable (${result.reason}): keychain suites are skipped. Run them with npm test.`);
  }
  return result.ok;
}

/** a KeytarSecretStore on a unique service, plus a cleanup that deletes the accounts it touched */
export function testKeytarStore(label: string): { store: KeytarSecretStore; service: string } {
  const service = uniqueKeychainService(label);
  return { store: new KeytarSecretStore({ service }), service };
}

/** A test file's own keychain: whether it works here, a service name nobody else uses, and a store on it. */
export async function fileKeychain(label: string): Promise<{ available: boolean; service: string; store: KeytarSecretStore }> {
  const service = uniqueKeychainService(label);
  return { available: await keychainAvailable(), service, store: new KeytarSecretStore({ service }) };
}
