// What a sent text numbered `n` says, alike in main's record of it and in the window's history row,
// so that the table tests and the window's store tests order and tell apart the same messages.
export function numberedSentFields(n: number) {
  return {
    kind: 'text',
    number: '5511999990000',
    text: `text ${n}`,
    fileName: null,
    status: 'queued',
    // one minute apart, so that a higher number is a later message
    at: new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString(),
    origin: 'sent',
  } as const;
}
