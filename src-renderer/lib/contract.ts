// The one place the renderer reaches into src-main: the IPC contract's types (types only).
// Lint rejects any other src-main import from the renderer.
export type * from '../../src-main/ipc/contract';
