// The one place the renderer reaches into src-main: the IPC contract's types (types only).
// The lint pattern `['**/src-main/**', '!**/src-main/ipc/contract']` cannot re-include the
// contract (gitignore semantics: a file under an excluded directory cannot be negated back), so
// this single allowed import is exempted by hand until the config uses a regex pattern.
// eslint-disable-next-line no-restricted-imports -- type-only import of ipc/contract, allowed by ARCHITECTURE.md
export type * from '../../src-main/ipc/contract';
