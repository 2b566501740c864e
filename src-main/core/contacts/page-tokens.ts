// The cursors (or next-page links) seen so far, per profile + search + page size, so the list
// can come back to page N of a cursor-paged service without walking from the start. Bounded:
// the last few queries only. In memory: a cursor is only good for a while anyway.
import type { Profile } from '../model';
import type { NextPage } from './paging';

const MAX_SCOPES = 16;
const MAX_PAGES = 20_000;

export interface PageToken {
  page: number;
  /** null for page 1 */
  token: NextPage | null;
}

export class PageTokens {
  private readonly scopes = new Map<string, Map<number, NextPage>>();

  scope(
    profile: Profile,
    search: string,
    perPage: number,
  ): { nearest(page: number): PageToken; remember(page: number, token: NextPage): void } {
    const id = JSON.stringify([profile.id, profile.baseUrl, profile.api?.operations['contacts.list'] ?? null, search, perPage]);
    let pages = this.scopes.get(id);
    if (pages === undefined) {
      pages = new Map();
      if (this.scopes.size >= MAX_SCOPES) this.scopes.delete(this.scopes.keys().next().value!);
    } else {
      this.scopes.delete(id);
    }
    this.scopes.set(id, pages);
    const known = pages;
    return {
      nearest(page) {
        for (let p = page; p > 1; p -= 1) {
          const token = known.get(p);
          if (token !== undefined) return { page: p, token };
        }
        return { page: 1, token: null };
      },
      remember(page, token) {
        if (known.size < MAX_PAGES) known.set(page, token);
      },
    };
  }
}
