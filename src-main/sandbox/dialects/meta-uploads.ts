// Media the meta dialect's upload route accepted, by id, so a later send can name it. Only what
// a message needs is kept (type, size, name, SHA-256), never the bytes, and only the last
// MAX_UPLOADS: an older id is gone, as Meta's expire. In memory only; it dies with the sandbox.
import { randomInt } from 'node:crypto';
import type { SandboxState } from '../state';

export const MAX_UPLOADS = 1000;

export interface UploadedMedia {
  id: string;
  /** the phone number id it was uploaded for: only that number may send it */
  phoneNumberId: string;
  mimetype: string;
  bytes: number;
  sha256: string;
  /** the file part's file name, when it had one */
  fileName: string | null;
}

/** `count` random decimal digits (randomInt's range stops at 2^48, so a long id takes two draws). */
function digits(count: number): string {
  return String(randomInt(0, 10 ** count)).padStart(count, '0');
}

export class UploadStore {
  // a Map keeps insertion order: the first key is the oldest upload
  private readonly byId = new Map<string, UploadedMedia>();

  add(media: Omit<UploadedMedia, 'id'>): UploadedMedia {
    let id: string;
    // 16 digits like Meta's ids, never 0-led (a client may read it as a number)
    do id = `${randomInt(1, 10)}${digits(8)}${digits(7)}`;
    while (this.byId.has(id));
    const record = { ...media, id };
    this.byId.set(id, record);
    if (this.byId.size > MAX_UPLOADS) this.byId.delete(this.byId.keys().next().value!);
    return record;
  }

  get(id: string): UploadedMedia | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }
}

// Per sandbox, beside its state rather than in it: only this dialect has uploads, and the store
// goes when the state does.
const stores = new WeakMap<SandboxState, UploadStore>();

export function uploadsOf(state: SandboxState): UploadStore {
  let store = stores.get(state);
  if (!store) {
    store = new UploadStore();
    stores.set(state, store);
  }
  return store;
}
