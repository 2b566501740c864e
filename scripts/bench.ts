// `npm run bench`: every benchmark of the project, one after the other, each in its own process
// so one's warm caches and timers do not colour the next. Each prints its figures and its ratio
// against a baseline measured in the same process. Run inside the private keyring session
// (package.json does that) so the keychain figures come from a real Secret Service.
import { spawnSync } from 'node:child_process';
import { benchCommand } from './bundled-benches';

const benches: [title: string, script: string][] = [
  ['Sandbox: contacts search and paging at 100k', 'scripts/bench-sandbox.ts'],
  ['Sandbox: memory after 10,000 requests without a key and 12 parallel 100 MiB uploads, vs idle', 'scripts/bench-sandbox-memory.ts'],
  ['Sandbox: start-up and memory with 1,000,000 contacts vs 100,000', 'scripts/bench-sandbox-million.ts'],
  ['Core send pipeline vs bare undici', 'scripts/bench-client.ts'],
  ['Send Text through a learned (non-default) API description vs bare undici', 'scripts/bench-mapped-send.ts'],
  ['A 100 MB upload as multipart and as base64 in JSON: peak memory growth vs a bare undici stream', 'scripts/bench-upload.ts'],
  ['Reading pasted cURL: hostile shapes near 256 KiB vs a plain paste', 'scripts/bench-curl-parse.ts'],
  ['Keychain calls per request', 'scripts/bench-keychain.ts'],
  ['Outbox: durable recording, sync and idle cost', 'scripts/bench-outbox.ts'],
  ['Request log in crm.db: 100,000 requests within the bound, listing the newest 10,000', 'scripts/bench-request-log.ts'],
  ['Shared store in crm.db: a history page over 10,000 sent messages, profile changes and reads', 'scripts/bench-store.ts'],
  ['Renderer: cold load, size, scrolling, IPC overhead', 'scripts/bench-renderer.ts'],
  ['Conversation panel: 10,000 events a minute, frame p95 vs idle (goal 16.7 ms)', 'scripts/bench-conversation-events.ts'],
  ['CLI start-up: the built crm vs its TypeScript sources through tsx', 'scripts/bench-cli-startup.ts'],
  [
    'Inbox in crm.db: the first page of 100,000 conversations per filter vs a primary-key read (goal: first paint <= 100 ms)',
    'scripts/bench-inbox.ts',
  ],
  [
    'Search across every conversation at 1,000,000 messages: p95 (goal 50 ms) and the index size (goal 1.5x) vs a primary-key lookup and a LIKE scan',
    'scripts/bench-message-search.ts',
  ],
  [
    'Inbox in the window at 100,000 conversations: first paint after the window asks (goal 100 ms) and scrolling (goal 0 missed frames), vs one conversation',
    'scripts/bench-inbox-window.ts',
  ],
  [
    'crm webhooks listen: signed events stored a second (goal 2,000) vs a bare node:http server, and the last one visible to crm conversation (goal 1 s)',
    'scripts/bench-webhooks-listen.ts',
  ],
];

const only = process.argv.slice(2);
let failed = 0;
for (const [title, script] of benches) {
  if (only.length > 0 && !only.some((o) => script.includes(o))) continue;
  console.log(`\n=== ${title} (${script}) ===`);
  const run = spawnSync(process.execPath, benchCommand(script), { stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.log(`!!! ${script} exited with ${run.status ?? run.signal}`);
  }
}
// The installed app's own start needs the Electron binary, which only the release workflow has:
// there tests/electron/packaged.spec.ts adds each OS's figures to the job's summary.
if (only.length === 0) {
  console.log('\n=== The packaged app: spawning the binary to the first contact row, per OS (goal 1.5 s) ===');
  console.log("not measured here (no Electron binary on this machine): see the release workflow run's summary, one table per OS");
}
process.exit(failed > 0 ? 1 : 0);
