// A template's text as the contact reads it: its body with each {{n}} replaced by the n-th
// parameter sent. Null when a placeholder has no parameter (the body is not the one that was
// sent, or it changed): the line then keeps its summary rather than show a half-filled text. Pure.
const PLACEHOLDER = /\{\{\s*(\d{1,3})\s*\}\}/g;

export function filledTemplate(body: string, params: readonly string[]): string | null {
  let missing = false;
  const text = body.replace(PLACEHOLDER, (_match, n: string) => {
    const value = params[Number(n) - 1];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : text;
}
