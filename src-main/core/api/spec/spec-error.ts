// The one error the spec importers throw: a sentence for the person about the document (never
// its content beyond a short name), turned into a validation CrmError at the editor.
export class SpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecError';
  }
}
