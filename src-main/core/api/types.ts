// The API description's types live in src-main/shared/api-description.ts, which the window's
// mapping editor imports too. This path stays for the core files that import it.
export type * from '../../shared/api-description';
