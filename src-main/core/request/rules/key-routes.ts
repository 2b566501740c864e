// Key management keeps docs/API.md's routes: its operations fill a JSON body or a path parameter.
import { LIMITS, charCount } from '../../../shared/limits';
import { PERMISSIONS } from '../../../shared/permissions';
import { jsonBody } from '../request-bodies';
import type { DescribedRule, FixedRule } from './rule';

const MAX_KEY_ID_CHARS = 200;

/** the key in use is checked through the profile's description; it takes no input */
export const keysCheckRules: DescribedRule<'keys.check'> = () => ({ values: {} });

export const keysListRules: FixedRule<'keys.list'> = () => ({ body: null, pathParams: {} });

export const keysCreateRules: FixedRule<'keys.create'> = ({ input }, problems) => {
  const { name, permissions } = input;
  const length = charCount(name);
  if (name.trim() === '') problems.field('name', 'is empty', 'Key name');
  else if (length > LIMITS.keyNameChars)
    problems.field('name', `is too long: ${length} characters, at most ${LIMITS.keyNameChars}`, 'Key name');
  if (permissions !== undefined) {
    const unknown = permissions.filter((p) => !PERMISSIONS.includes(p));
    if (unknown.length > 0)
      problems.field('permissions', `has unknown permissions: ${unknown.map((p) => String(p).slice(0, 40)).join(', ')}`, 'Permissions');
  }
  return { body: jsonBody({ name, ...(permissions === undefined ? {} : { permissions: [...new Set(permissions)] }) }), pathParams: {} };
};

export const keysDeleteRules: FixedRule<'keys.delete'> = ({ input }, problems) => {
  const { id } = input;
  if (id.trim() === '') problems.field('id', 'is empty', 'Key id');
  else if (id.length > MAX_KEY_ID_CHARS) problems.field('id', 'is too long', 'Key id');
  return { body: null, pathParams: { id } };
};
