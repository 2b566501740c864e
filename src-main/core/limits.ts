// The limits live in src-main/shared/limits.ts, which the window imports too. This path stays
// for the core files that import it.
export { LIMITS, MIB, charCount } from '../shared/limits';
