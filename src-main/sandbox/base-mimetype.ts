/** A media type without its parameters, lower case: `Audio/WebM; codecs=opus` -> `audio/webm`. */
export function baseMimetype(mimetype: string): string {
  return mimetype.split(';')[0]!.trim().toLowerCase();
}
