// The IPC contract's invoke channels for message templates: the approved list and their lifecycle. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { TemplateList } from '../../shared/approved-template';
import type { ManagedTemplate, SendVerdict, TemplateDraft, TemplateOverview } from '../../shared/template-lifecycle';

export interface TemplatesInvokeMap {
  /**
   * the active profile's approved templates, read from its service when it lists them; otherwise
   * none, with the reason, and the window has them typed
   */
  'templates:list': { payload: Record<string, never>; value: TemplateList };
  /** every template of the active profile's service with its state (the Templates screen), listed now or as last kept */
  'template-lifecycle:overview': { payload: Record<string, never>; value: TemplateOverview };
  /** the states kept in the database, without asking the service (after template-lifecycle:changed) */
  'template-lifecycle:kept': { payload: Record<string, never>; value: ManagedTemplate[] };
  /** submits a new template for review; refused with every problem before anything is sent */
  'template-lifecycle:create': { payload: { draft: TemplateDraft }; value: { id: string | null; status: string } };
  /** changes the template named by the draft's name and language; it is reviewed again */
  'template-lifecycle:update': { payload: { draft: TemplateDraft }; value: null };
  /** deletes the template in every language */
  'template-lifecycle:delete': { payload: { name: string }; value: null };
  /** "will this send?" for a template send from the active profile */
  'template-lifecycle:check': { payload: { name: string; language: string }; value: SendVerdict };
}
