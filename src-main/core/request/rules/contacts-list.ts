import { charCount } from '../../../shared/limits';
import type { RoleValues } from '../../api/template';
import { searchTerm } from '../../phone';
import { checkPage, checkPerPage, pagingValues } from '../field-rules';
import type { DescribedRule } from './rule';

const MAX_SEARCH_CHARS = 1000;

export const contactsListRules: DescribedRule<'contacts.list'> = ({ input }, { problems }) => {
  const { page, perPage, search, cursor } = input;
  const values: RoleValues = {};
  checkPage(page, problems);
  checkPerPage(perPage, problems);
  if (search !== undefined && charCount(search) > MAX_SEARCH_CHARS)
    problems.field('search', `must be at most ${MAX_SEARCH_CHARS} characters`, 'Search');
  pagingValues(values, page, perPage);
  // a number written with separators is searched by its digits, as services store numbers
  if (search !== undefined && search.trim() !== '') values.search = searchTerm(search);
  if (cursor !== undefined && cursor !== '') values.cursor = cursor;
  return { values };
};
