// What the revocation kind is built from, beyond what the engine lends every kind.

/** the revoked key's own value, kept in the keychain only so it can delete itself on the server */
export interface RevocationKeyStore {
  get(localKeyId: string): Promise<string | null>;
  drop(localKeyId: string): Promise<void>;
}

export interface RevocationDeps {
  revocationKeys: RevocationKeyStore;
  /**
   * Ids of the profile's saved, active keys known to hold keys:manage. A revocation tries them
   * after the active key and before the revoked key's own value. Default: none.
   */
  adminKeyIds?(profileId: string): Promise<string[]>;
}
