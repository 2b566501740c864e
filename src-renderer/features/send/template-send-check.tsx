// "Will this send?" under the Send Template form: once a name and a language are given, main says
// from the template's known state whether it will send (approved, not paused or disabled, quality
// not red, category as approved, language available). A refusal is an alert naming what is wrong;
// a warning is a status line; nothing known says nothing (the service decides). Send itself asks
// again before it sends, and stops on a refusal (template-refusal.ts).
import { useEffect, useState } from 'react';
import type { SendVerdict } from '../../lib/api';
import { invoke } from '../../lib/api';

const ASK_AFTER_MS = 400;

export function TemplateSendCheck({ name, language }: { name: string; language: string }) {
  // the verdict with the name and language it is about: one for other words is not shown
  const [answer, setAnswer] = useState<{ asked: string; verdict: SendVerdict } | null>(null);
  const asked = `${name.trim()}|${language.trim()}`;
  useEffect(() => {
    if (name.trim() === '' || language.trim() === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void invoke('template-lifecycle:check', { name: name.trim(), language: language.trim() }).then((r) => {
        if (current && r.ok) setAnswer({ asked: `${name.trim()}|${language.trim()}`, verdict: r.value });
      });
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name, language]);
  const verdict = answer?.asked === asked ? answer.verdict : null;
  if (verdict === null || verdict.problems.length === 0) return null;
  const refuse = verdict.level === 'refuse';
  return (
    <div className={refuse ? 'msg msg-error' : 'msg msg-warning'} role={refuse ? 'alert' : 'status'} data-testid="template-send-check">
      {verdict.problems.map((p) => (
        <p key={p.kind}>{`${refuse ? 'Will not send' : 'Warning'}: ${p.message}`}</p>
      ))}
    </div>
  );
}
