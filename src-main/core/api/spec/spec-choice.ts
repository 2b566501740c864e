// One document operation often serves several of the app's operations (one POST /messages with
// a oneOf of text, image and document bodies, or named examples). This picks the variant that
// fits the operation being taught, by the words its name, title and values carry. Pure.
import type { DescribedOperation } from '../types';

const WORDS: Partial<Record<DescribedOperation, RegExp>> = {
  'messages.text': /^(text|plain)$/i,
  'messages.media': /^(image|document|video|media|file|sticker|photo|picture|attachment)s?$/i,
  'messages.audio': /^(audio|voice|ptt)$/i,
  'messages.template': /^(template|hsm)s?$/i,
};

/** A send by link teaches a URL and, beside it, the uploaded file's id: among equals it wins over a by-id example. */
const BY_LINK = /^(link|url|uri)$/i;
const BY_LINK_OPERATIONS: ReadonlySet<DescribedOperation> = new Set(['messages.media', 'messages.audio']);

export interface Variant<T> {
  /** a name the document gives it: an examples key, a $ref's last segment, a title */
  name: string;
  /** words of its content: property names, enum values, a summary */
  detail: string;
  item: T;
}

/** The variant that best fits `operation` (its name weighs more than its content); else the first. */
export function pickVariant<T>(variants: readonly Variant<T>[], operation: DescribedOperation | undefined): Variant<T> | undefined {
  const words = operation === undefined ? undefined : WORDS[operation];
  if (words === undefined) return variants[0];
  let best: Variant<T> | undefined;
  let bestScore = 0;
  for (const variant of variants) {
    const linkWords = matches(BY_LINK, variant.name) || matches(BY_LINK, variant.detail);
    const byLink = operation !== undefined && BY_LINK_OPERATIONS.has(operation) && linkWords;
    const score = (matches(words, variant.name) ? 4 : 0) + (matches(words, variant.detail) ? 2 : 0) + (byLink ? 1 : 0);
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  return best ?? variants[0];
}

function matches(words: RegExp, text: string): boolean {
  return text.split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/).some((word) => word !== '' && words.test(word));
}
