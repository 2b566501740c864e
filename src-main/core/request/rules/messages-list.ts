import type { RoleValues } from '../../api/template';
import { checkPage, checkPerPage, pagingValues, recipient } from '../field-rules';
import type { DescribedRule } from './rule';

export const messagesListRules: DescribedRule<'messages.list'> = ({ input }, { problems }) => {
  const { page, perPage, number } = input;
  const values: RoleValues = {};
  if (number !== undefined && number.trim() !== '') values.number = recipient(number, problems);
  checkPage(page, problems);
  checkPerPage(perPage, problems);
  pagingValues(values, page, perPage);
  return { values };
};
