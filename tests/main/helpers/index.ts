// Shared helpers for tests/main (others may import them).
export { tempDir, removeTempDirs } from './temp-dir';
export { keychainAvailable, uniqueKeychainService, testKeytarStore } from './keychain';
export { openSandbox, closeSandboxes, withSandbox, requestCount } from './sandbox';
export { findSecrets, filesContainingSecrets, caught, leaksSecret, leakedRuns } from './secret-scan';
