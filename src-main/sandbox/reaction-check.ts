// Quoted replies and reactions as the sandbox takes them (docs/API.md, Quoted replies and
// reactions): the id of the message a text quotes, and a reaction's target and emoji. The
// sandbox does not look the quoted or reacted-to message up: a contact's messages are not in its
// store, and a service may keep ids longer than the sandbox does.
import type { FieldError } from './errors';
import { field } from './reply';

const MESSAGE_ID = /^[\x21-\x7e]{1,256}$/;
/** one emoji is a few code points; a run of them or a word is not a reaction */
const EMOJI_MAX = 10;

export function checkMessageId(value: unknown, name: string, errors: FieldError[]): string | undefined {
  if (typeof value === 'string' && MESSAGE_ID.test(value)) return value;
  errors.push(
    field(
      name,
      value === undefined
        ? 'is required: the id of a message, as the service gave it'
        : 'must be a message id: 1 to 256 visible characters, no spaces',
    ),
  );
  return undefined;
}

/** '' takes a reaction back */
export function checkEmoji(value: unknown, name: string, errors: FieldError[]): string | undefined {
  if (
    typeof value === 'string' &&
    (value === '' ||
      ([...value].length <= EMOJI_MAX && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value) && !/[\p{L}\p{N}\s]/u.test(value)))
  )
    return value;
  errors.push(
    field(
      name,
      value === undefined
        ? 'is required: one emoji, or "" to take the reaction back'
        : 'must be one emoji, or "" to take the reaction back',
    ),
  );
  return undefined;
}
