// "Will this send?": what the kept states of a template say about sending it now, outside the
// 24-hour window where only an approved template goes. A missing language, a template that is not
// approved (pending, rejected, paused, disabled) refuse; a RED quality (Meta pauses those) and a
// category Meta changed since approval (billed and allowed as the new one) warn. Nothing known of
// the name: 'unknown', the send is left to the service. Pure.
import type { ManagedTemplate, SendProblem, SendVerdict } from '../../shared/template-lifecycle';

function statusProblem(t: ManagedTemplate): SendProblem | null {
  const named = `Template ${t.name} (${t.language})`;
  switch (t.status) {
    case 'APPROVED':
      return null;
    case 'PENDING':
      return { kind: 'pending', message: `${named} is still in review (PENDING): it can be sent once approved` };
    case 'REJECTED': {
      const why = t.rejectedReason === null ? '' : ` (${t.rejectedReason})`;
      return { kind: 'rejected', message: `${named} was rejected${why}: edit it and submit it again` };
    }
    case 'PAUSED':
      return { kind: 'paused', message: `${named} is PAUSED by Meta after low-quality feedback: sends are refused until it is unpaused` };
    case 'DISABLED':
      return { kind: 'disabled', message: `${named} is DISABLED: it can no longer be sent` };
    default:
      return { kind: 'not_approved', message: `${named} is ${t.status}, not APPROVED` };
  }
}

export function sendVerdict(known: readonly ManagedTemplate[], name: string, language: string): SendVerdict {
  const named = known.filter((t) => t.name === name);
  if (named.length === 0) return { level: 'unknown', problems: [] };
  const t = named.find((n) => n.language === language);
  if (t === undefined) {
    const message = `Template ${name} has no ${language} version (it has ${named.map((n) => n.language).join(', ')})`;
    return { level: 'refuse', problems: [{ kind: 'unknown_language', message }] };
  }
  const refusal = statusProblem(t);
  if (refusal !== null) return { level: 'refuse', problems: [refusal] };
  const warnings: SendProblem[] = [];
  const said = `Template ${name} (${language})`;
  if (t.quality === 'RED') {
    warnings.push({ kind: 'quality_red', message: `${said} has RED quality: Meta may pause it if readers keep blocking or reporting it` });
  }
  if (t.approvedCategory !== null && t.category !== null && t.approvedCategory !== t.category) {
    const was = `was approved as ${t.approvedCategory} and Meta now counts it as ${t.category}`;
    warnings.push({ kind: 'category_changed', message: `${said} ${was}: it is charged and limited as ${t.category}` });
  }
  return { level: warnings.length > 0 ? 'warn' : 'ok', problems: warnings };
}
