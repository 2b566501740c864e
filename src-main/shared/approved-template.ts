// An approved template as the window offers it: its name, one language, and how many body
// parameters it takes when the service says (null: unknown, the person types them).

export interface ApprovedTemplate {
  name: string;
  language: string;
  /** the number of {{n}} placeholders in its body, when the service said */
  params: number | null;
  /** its body text, when the service gave it (shown to help fill the parameters) */
  body: string | null;
}

export interface TemplateList {
  /** 'service': read from the service; 'typed': the service lists none, names are typed */
  source: 'service' | 'typed';
  templates: ApprovedTemplate[];
  /** why the list is typed, in a sentence; null when it came from the service */
  reason: string | null;
}
