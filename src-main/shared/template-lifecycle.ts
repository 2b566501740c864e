// A message template through its life (submitted, reviewed, approved or rejected, paused,
// re-categorised), as the Templates screen, `crm templates` and the send check see it. Pure
// data shared by main and the window (no node:*, no electron, no DOM).

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Meta's quality rating of an approved template; UNKNOWN until enough sends were rated */
export type TemplateQuality = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';

export interface ManagedTemplate {
  /** the service's id (Meta's template id; an edit names it); null when the listing gave none */
  id: string | null;
  name: string;
  language: string;
  /** PENDING, APPROVED, REJECTED, PAUSED, DISABLED, or another word the service uses, upper case */
  status: string;
  category: string | null;
  /** the category it was approved with, when it differs now Meta moved it */
  approvedCategory: string | null;
  quality: TemplateQuality;
  /** why it was rejected (Meta's rejected_reason); null unless rejected */
  rejectedReason: string | null;
  body: string | null;
  /** when this process or another last learned its state (ISO) */
  updatedAt: string;
}

export type TemplateButtonKind = 'quick_reply' | 'url' | 'phone';

export interface TemplateButton {
  kind: TemplateButtonKind;
  text: string;
  /** the address of a url button, the number of a phone button; '' for a quick reply */
  value: string;
}

/** What a person submits: the body's {{1}}..{{n}} each need a sample value for the review. */
export interface TemplateDraft {
  name: string;
  language: string;
  category: TemplateCategory;
  body: string;
  samples: string[];
  header: string | null;
  footer: string | null;
  buttons: TemplateButton[];
}

export interface TemplateOverview {
  templates: ManagedTemplate[];
  /** 'service': listed just now; 'stored': the last states kept (the service could not be asked) */
  source: 'service' | 'stored';
  /** why the list is not from the service, or where management is not offered; null otherwise */
  reason: string | null;
  /** the profile's service manages templates (create, edit, delete) through Meta's shape */
  manages: boolean;
  /**
   * where the management requests come from: the profile's own described operations ('learned'),
   * its Meta message_templates listing ('inferred'), or none here (null)
   */
  management: 'learned' | 'inferred' | null;
}

/** One finding of the "will this send?" check. */
export interface SendProblem {
  kind: 'unknown_language' | 'not_approved' | 'rejected' | 'paused' | 'disabled' | 'pending' | 'quality_red' | 'category_changed';
  message: string;
}

export interface SendVerdict {
  /** 'unknown': nothing is known of the template (the service lists none) */
  level: 'ok' | 'warn' | 'refuse' | 'unknown';
  problems: SendProblem[];
}
