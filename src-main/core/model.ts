// The domain types live in src-main/shared/model.ts, which the window imports too. This path
// stays for the many core files that import it.
export type * from '../shared/model';
