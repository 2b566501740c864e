// The spec importers' sentences name each value the document leaves open the way the command
// line takes it (`--var instance=VALUE`, `--user ACCOUNT`). The window offers a field for each
// instead: this finds those names and rewords the sentences to point at the fields. Pure.
import type { ApiDocumentOpenValues } from '../../../shared/api-document';

const VAR = /--var (.+?)=VALUE/g;
const USER = /--user(?: ACCOUNT)?\b/g;
/** openapi-example.ts's sentence naming the examples to choose from */
const EXAMPLES = /gives \d+ examples here \((.*)\); this used/;
const EXAMPLE_OPTION = /choose another with --example NAME/g;

/** The variables and the user name the sentences ask for, each once, in order. */
export function openValuesOf(sentences: readonly string[]): ApiDocumentOpenValues {
  const vars: string[] = [];
  let user = false;
  let examples: string[] | undefined;
  for (const sentence of sentences) {
    for (const match of sentence.matchAll(VAR)) if (!vars.includes(match[1]!)) vars.push(match[1]!);
    if (USER.test(sentence)) user = true;
    USER.lastIndex = 0;
    const named = EXAMPLES.exec(sentence);
    if (named !== null && examples === undefined) examples = [...named[1]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  }
  return examples === undefined ? { vars, user } : { vars, user, examples };
}

/** The sentence naming a document's examples: the window offers them in a picker instead. */
export function isExamplesSentence(sentence: string): boolean {
  return EXAMPLES.test(sentence);
}

/** The sentence as the window shows it: the command-line option becomes the field that takes the value. */
export function forWindow(sentence: string): string {
  return sentence
    .replace(VAR, (_whole, name: string) => `the field “${name}” below`)
    .replace(USER, 'the field “User name” below')
    .replace(EXAMPLE_OPTION, 'choose another under “Example”');
}
