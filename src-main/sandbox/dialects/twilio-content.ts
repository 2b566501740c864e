// The twilio dialect's template send (modelled on Twilio's Content API for WhatsApp): ContentSid
// names an approved Content template (HX and 32 hex digits) and ContentVariables fills its
// placeholders, a JSON object's text keyed "1".."n" with string values. The language is the
// template's own, so none is sent. The sandbox's approved templates (templates.ts) are given
// made-up sids here. Pure; twilio-send.ts calls it when a body has a ContentSid.
import type { FieldError } from '../errors';
import { field } from '../reply';
import { APPROVED_TEMPLATES } from '../templates';
import type { Body } from '../validate';

/** the sandbox's approved templates under their Content SIDs (our own values) */
export const CONTENT_SIDS: Readonly<Record<string, string>> = {
  HXa1b2c3d4e5f60718293a4b5c6d7e8f90: 'hello_world',
  HXb0c1d2e3f4a5968778695a4b3c2d1e0f: 'order_update',
};

export interface ContentSend {
  name: string;
  language: string;
  params: string[];
}

/** The template a body names and its filled parameters, or undefined with the problems in `errors`. */
export function contentSend(body: Body, errors: FieldError[]): ContentSend | undefined {
  const sid = body.ContentSid;
  const name = typeof sid === 'string' ? CONTENT_SIDS[sid] : undefined;
  const template = APPROVED_TEMPLATES.find((t) => t.name === name);
  if (template === undefined) {
    const known = Object.keys(CONTENT_SIDS).join(', ');
    errors.push(field('ContentSid', `must name an approved Content template (the sandbox has ${known})`));
    return undefined;
  }
  const params = contentVariables(body.ContentVariables, errors);
  if (params === undefined) return undefined;
  if (params.length !== template.params) {
    const takes = `${template.params} variable${template.params === 1 ? '' : 's'}`;
    errors.push(field('ContentVariables', `must fill ${takes} ("1".."${template.params}") for ${sid as string}, not ${params.length}`));
    return undefined;
  }
  return { name: template.name, language: template.languages[0]!, params };
}

/** ContentVariables' values in order; absent is none (a template without placeholders). */
function contentVariables(value: unknown, errors: FieldError[]): string[] | undefined {
  if (value === undefined) return [];
  const problem = (): undefined => {
    errors.push(field('ContentVariables', 'must be a JSON object of non-empty strings keyed "1", "2"... (e.g. {"1":"Ana"})'));
    return undefined;
  };
  if (typeof value !== 'string') return problem();
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return problem();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return problem();
  const entries = parsed as Record<string, unknown>;
  const params: string[] = [];
  for (let i = 1; i <= Object.keys(entries).length; i++) {
    const text = entries[String(i)];
    // Twilio refuses a variable set to null or to an empty text
    if (typeof text !== 'string' || text === '') return problem();
    params.push(text);
  }
  return params;
}
