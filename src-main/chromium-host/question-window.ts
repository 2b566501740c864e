// Main's own questions to the person (keys to a new address, plain http) in a window of their
// own: opened from Node, not by the app page, so the page has no handle on it and cannot answer
// for the person. Closing the window is a no, as closing a native dialog is. It is opened
// through `questions`, so the host's one-window rule (window-guard.ts) leaves it open.
import type { BrowserContext, Page } from 'playwright-core';
import type { AskConsent, ConsentQuestion } from '../core/profiles/profile-consent';
import type { QuestionWindows } from './question-windows';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// A modal dialog like the app's own confirmations, not a bare page: labelled by its question and
// described by its detail, opened with showModal (the rest of the page inert), Tab kept between
// its two buttons, Escape a no, and Cancel focused so a stray Enter never says yes.
export function questionHtml(q: ConsentQuestion): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escape(q.title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:0;color-scheme:light dark}h1{font-size:16px;margin-top:0}p.detail{opacity:.8}
dialog{max-width:32rem;border:1px solid #8886;border-radius:8px;padding:20px 24px}dialog::backdrop{background:#0006}
.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:24px}button{font:inherit;padding:6px 14px}</style></head>
<body><dialog id="question" role="alertdialog" aria-modal="true" aria-labelledby="question-title" aria-describedby="question-detail">
<h1 id="question-title">${escape(q.message)}</h1><p class="detail" id="question-detail">${escape(q.detail)}</p>
<div class="actions"><button id="no" autofocus>Cancel</button><button id="yes">${escape(q.confirmLabel)}</button></div></dialog>
<script>const d=document.getElementById('question');d.showModal();document.getElementById('no').focus();
document.getElementById('no').onclick=()=>__crmAnswer(false);document.getElementById('yes').onclick=()=>__crmAnswer(true);
d.addEventListener('cancel',(e)=>{e.preventDefault();__crmAnswer(false)});
d.addEventListener('keydown',(e)=>{if(e.key!=='Tab')return;e.preventDefault();const b=[...d.querySelectorAll('button')];
const i=b.indexOf(document.activeElement);b[(i+(e.shiftKey?b.length-1:1))%b.length].focus()});</script></body></html>`;
}

export function askInOwnWindow(context: () => BrowserContext | null, questions: QuestionWindows<Page>): AskConsent {
  return async (question) => {
    const ctx = context();
    if (!ctx) return false;
    const page = await questions.open(() => ctx.newPage());
    try {
      let answered!: (yes: boolean) => void;
      const answer = new Promise<boolean>((resolve) => {
        answered = resolve;
      });
      page.once('close', () => answered(false));
      await page.exposeBinding('__crmAnswer', (_source, yes: unknown) => answered(yes === true));
      await page.setContent(questionHtml(question));
      return await answer;
    } finally {
      questions.forget(page);
      await page.close().catch(() => undefined);
    }
  };
}
