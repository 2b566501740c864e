// The part of js-yaml the spec importer uses (the package ships no types of its own). Only the
// core schema is named here on purpose: loading with any other schema is not something this
// app does, so the declaration does not offer it. Imported as the default export, which both
// the package's CommonJS build and its ES module build provide.
declare module 'js-yaml' {
  interface Schema {
    readonly __yamlSchema?: never;
  }
  interface LoadOptions {
    schema: Schema;
    filename?: string;
    json?: boolean;
  }
  const yaml: {
    /** YAML 1.2's core schema: strings, numbers, booleans, null, maps and sequences only */
    readonly CORE_SCHEMA: Schema;
    load(text: string, options: LoadOptions): unknown;
  };
  export default yaml;
}
