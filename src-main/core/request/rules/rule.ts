// The shape of one operation's input rules: each operation checks its own input and names the
// values it fills; the builder then only renders them into the profile's description.
import type { RoleValues } from '../../api/template';
import type { DescribedOperation, OperationSpec, Role } from '../../api/types';
import type { PreparedBody } from '../../http/prepared-request';
import type { FileAccess } from '../../media/file-access';
import type { Operation } from '../../operations';
import type { UploadState } from '../file-source';
import type { FileRef } from '../media-payload';
import type { Problems } from '../problems';

export type OperationOf<K extends Operation['op']> = Extract<Operation, { op: K }>;

/** What a described operation's rules may look at: the profile's spec for it, and the ports. */
export interface RuleContext {
  spec: OperationSpec;
  /** the roles the spec has a place for */
  roles: ReadonlySet<Role>;
  problems: Problems;
  files: FileAccess | undefined;
  upload: UploadState;
}

/** The values for the description's roles, the file the body streams, the key that guards a send. */
export interface RuleOutput {
  values: RoleValues;
  file?: FileRef | null;
  idempotencyKey?: string | null;
}

export type DescribedRule<K extends DescribedOperation> = (op: OperationOf<K>, context: RuleContext) => RuleOutput | Promise<RuleOutput>;

/** The operations whose route is docs/API.md's own (key management): they fill a body and path parameters. */
export type FixedOperation = Exclude<Operation['op'], DescribedOperation>;

export interface FixedOutput {
  body: PreparedBody | null;
  pathParams: Record<string, string>;
}

export type FixedRule<K extends FixedOperation> = (op: OperationOf<K>, problems: Problems) => FixedOutput;
