// Message ids that an operation naming a message (a quoted reply, a read receipt) refuses as a
// field problem before anything is built: one list, so each operation is held to the same rule.
export const BAD_MESSAGE_IDS: readonly (readonly [name: string, id: string])[] = [
  ['an empty id', ''],
  ['a space inside', 'wamid one'],
  ['a line break (header or JSON breaking)', 'wamid\n"x"'],
  ['an id past 256 characters', 'x'.repeat(257)],
];
