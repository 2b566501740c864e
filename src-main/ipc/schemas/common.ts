// The pieces several domains' payload schemas share, and the type that ties a domain's schemas
// to its part of the contract (each schema's output must be that channel's payload).
import { z } from 'zod';

export const id = z.string().min(1).max(200);
export const empty = z.object({}).strict();
export const number = z.string().max(64);

export type SchemasOf<M extends { [C in keyof M]: { payload: unknown } }> = { [C in keyof M]: z.ZodType<M[C]['payload']> };
