// A rendered body template written as application/x-www-form-urlencoded, the way HTML forms
// and curl's --data-urlencode write it (space as `+`, WHATWG's serializer). A template for a
// form is flat; a list repeats its field (`MediaUrl=a&MediaUrl=b`) and a nested object uses
// the bracket names PHP and Rails services read (`contact[name]=Ana`). Pure.

export function encodeFormBody(value: unknown): string {
  // names keep their brackets as written (`item[]=1`, as curl -d sends them); the rest is WHATWG's encoding
  return formPairs(value)
    .map(([name, text]) => `${formName(name)}=${new URLSearchParams([['', text]]).toString().slice(1)}`)
    .join('&');
}

function formName(name: string): string {
  return new URLSearchParams([[name, '']]).toString().slice(0, -1).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** A rendered template's fields as name/value pairs, in order: the fields of a form or a multipart body. */
export function formPairs(value: unknown): [string, string][] {
  const pairs: [string, string][] = [];
  const add = (name: string, node: unknown): void => {
    if (node === null || node === undefined) return;
    if (Array.isArray(node)) for (const item of node) add(name, item);
    else if (typeof node === 'object') for (const [key, child] of Object.entries(node)) add(name === '' ? key : `${name}[${key}]`, child);
    else if (name !== '') pairs.push([name, String(node)]);
  };
  add('', value);
  return pairs;
}

/** A form body's fields back as a flat object (a repeated field becomes a list), for import. */
export function readFormBody(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = out[name];
    out[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return out;
}
