// Before a template leaves the Send Template panel: "will this send?" as main answers it from the
// template's known state, the same check `crm send template` makes. A refusal (not approved, no
// such language) stops the send with what is wrong; a warning or nothing known lets it go (the
// warning stays shown above the form); a check that cannot be made leaves the send to the service.
import type { ErrorInfo, SendDraft } from '../../lib/api';
import { invoke } from '../../lib/api';

/** the error a refused template send shows in place of a result, or null when the send may go */
export async function templateRefusal(draft: SendDraft): Promise<ErrorInfo | null> {
  if (draft.kind !== 'template') return null;
  const name = draft.name.trim();
  const language = draft.language.trim();
  if (name === '' || language === '') return null;
  const r = await invoke('template-lifecycle:check', { name, language });
  if (!r.ok || r.value.level !== 'refuse') return null;
  return { code: 'validation', message: `Not sent: ${r.value.problems.map((p) => p.message).join('; ')}` };
}
