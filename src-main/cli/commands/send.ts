// crm send text|media|audio|template --to NUMBER ... [--curl]
import { MEDIA_TYPES } from '../../shared/file-purpose';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { toCurl } from '../../core/request/to-curl';
import { wireHref } from '../../core/http/wire-url';
import { CrmError } from '../../core/errors';
import { isUnreachable } from '../../core/keys/api-call';
import type { SendProgress } from '../../core/http/sender';
import type { MediaSource, Operation } from '../../core/operations';
import type { SendResult } from '../../core/services';
import type { COMMON_OPTIONS, OptionSpecs, ParsedValues } from '../args';
import { UsageError, oneOf, requireOption } from '../args';
import type { CommandContext, CommandGroup, CommandResult } from '../command';
import { defineCommand } from '../command';
import { clean } from '../format';
import { progressLine } from '../terminal';
import { formatBytes } from '../../shared/format';
import { readAll } from '../prompt';
import { profileOption, yesOption } from './shared';
import { guardLiveSend } from '../live-send';
import { reactionCommand, withoutQuoteHint } from './send-reaction';
import { checkTemplateSend } from './template-send-check';
import { flagOption, listOption, valueOption } from '../option-kinds';

const commonSendOptions = {
  to: valueOption('NUMBER', 'recipient: country code + number (+55 (11) 99999-0000 is fine)'),
  curl: flagOption('print the equivalent cURL command (key as $CRM_API_KEY) and send nothing'),
  queue: flagOption('if the API is unreachable, keep the message in the outbox (sent by `crm sync` or the app)'),
  'idempotency-key': valueOption('UUID', 'reuse an Idempotency-Key (retrying a send that may have gone through)'),
  profile: profileOption,
  yes: { ...yesOption, help: 'send on a live profile without asking (needed when stdin is not a terminal)' },
} as const satisfies OptionSpecs;

const sourceOptions = {
  file: valueOption('PATH', 'a local file (sent as base64)'),
  url: valueOption('URL', 'an http(s) URL the server fetches'),
  mimetype: valueOption('TYPE', 'override the detected MIME type'),
} as const satisfies OptionSpecs;

const sendNotes = [
  'Prints the created message (--json: {"status":"sent","message":{...},"durationMs"} or {"status":"queued","outboxId","reason"}).',
  '--curl needs no key: the command reads it from $CRM_API_KEY when you run it.',
  'On a profile marked live (crm profiles live NAME) each send names the profile on stderr and asks first; scripts pass --yes.',
];

function source(values: { file?: string; url?: string }): MediaSource {
  if ((values.file === undefined) === (values.url === undefined)) throw new UsageError('give exactly one of --file PATH or --url URL');
  if (values.file !== undefined) return { kind: 'file', path: resolve(requireOption(values.file, '--file')) };
  return { kind: 'url', url: requireOption(values.url, '--url') };
}

type CommonValues = ParsedValues<typeof commonSendOptions & typeof COMMON_OPTIONS>;

async function dispatch(
  ctx: CommandContext,
  values: CommonValues,
  op: Extract<Operation, { idempotencyKey: string }>,
): Promise<CommandResult> {
  if (values.curl && values.queue) throw new UsageError('--curl sends nothing, so --queue makes no sense with it');
  const session = await ctx.session({ profileRef: values.profile, envKey: true, outbox: values.queue === true });
  if (values.queue && session.envMode) {
    throw new UsageError('--queue needs a saved profile: a message queued with CRM_API_KEY could not be sent later (the key is not saved)');
  }
  const profile = await session.profile();
  const { messages } = session.core;
  if (values.curl) {
    const { request, problems } = await messages.prepare(op, profile.id);
    if (problems.length > 0) {
      throw new CrmError('validation', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { details: problems });
    }
    const curl = toCurl(request);
    return { data: { curl, method: request.method, url: wireHref(request.url) }, text: curl };
  }
  await guardLiveSend(ctx, profile, op.input.number, values.yes === true);
  const live = ctx.io.look?.progress === true && !ctx.json;
  let shownProgress = false;
  const options = {
    profileId: profile.id,
    queueWhenOffline: values.queue === true,
    onProgress: (progress: SendProgress) => {
      // a terminal sees the upload move; a pipe or --json gets no progress noise
      if (progress.kind === 'upload' && live) {
        ctx.io.stderr.write(`\r\u001b[K${progressLine(progress.sentBytes, progress.totalBytes, formatBytes)}`);
        shownProgress = true;
      }
      if (progress.kind === 'waiting') {
        ctx.note(
          `rate limited: waiting ${Math.ceil(progress.retryAfterMs / 1000)} s before attempt ${progress.attempt + 1} of ${progress.maxAttempts}`,
        );
      }
    },
  };
  let result: SendResult;
  try {
    result = await messages.send(op, options);
  } catch (err) {
    if (shownProgress) ctx.io.stderr.write('\r\u001b[K');
    // the request went out and no answer came back (a timeout, a reset): the service may have
    // taken it, so a retry must carry the same Idempotency-Key, never a new one
    if (isUnreachable(err) && err.unsent !== true) {
      throw new CrmError(
        err.code,
        `${err.message}. The service may have taken the message: to try again without sending it twice, run the same command ` +
          `with --idempotency-key ${op.idempotencyKey}.`,
      );
    }
    // nothing was sent and nothing kept: say how to keep it for later
    if (isUnreachable(err) && values.queue !== true && !session.envMode) {
      throw new CrmError(
        err.code,
        `${err.message} Nothing was sent. Add --queue to keep it in the outbox; \`crm sync\` or the app sends it when the service is back.`,
      );
    }
    throw err;
  }
  if (shownProgress) ctx.io.stderr.write('\r\u001b[K');
  if (result.status === 'queued') {
    // the reason is a sentence of its own: no second full stop after it
    return {
      data: result,
      text: `Queued in the outbox as ${result.outboxId}: ${clean(result.reason).replace(/\.$/, '')}. It is sent by \`crm sync\` or the app.`,
    };
  }
  const m = result.message;
  if (result.replayed) {
    return {
      data: result,
      text: `Already sent: the server answered with its first answer to this Idempotency-Key (message ${m.id ?? 'without an id'}); nothing new was sent.`,
    };
  }
  const id = m.id === null ? 'without an id the app could read' : m.id;
  // sent all the same: said, so nobody sends it again to get an answer that can be read
  const note = result.note === undefined ? '' : `\n${clean(result.note)}`;
  return {
    data: result,
    text: `Sent ${m.type} to ${m.number}: message ${id} (${clean(m.status)}) in ${Math.round(result.durationMs)} ms${note}`,
  };
}

function idempotencyKey(values: CommonValues): string {
  return values['idempotency-key'] ?? randomUUID();
}

/** stdin text without the one line ending `echo` adds */
async function textFromStdin(ctx: CommandContext): Promise<string> {
  if (ctx.io.isTTY) ctx.note('Type the message, then press Ctrl-D on an empty line.');
  let text: string;
  try {
    text = await readAll(ctx.io.stdin);
  } catch {
    throw new UsageError('the text on stdin is too large');
  }
  return text.replace(/\r?\n$/, '');
}

const text = defineCommand({
  name: 'send text',
  summary: 'send a text message',
  usage: [
    'send text --to NUMBER --text TEXT [--reply-to ID] [--curl] [--json]',
    'send text --to NUMBER -            (the text is read from stdin)',
  ],
  options: {
    ...commonSendOptions,
    text: valueOption('TEXT', 'the message (1..4096 characters); or give - to read it from stdin'),
    'reply-to': valueOption('ID', 'quote this message (its id as the service gave it): a quoted reply'),
  },
  positionals: { min: 0, max: 1 },
  notes: [...sendNotes, 'With -, one trailing line ending is dropped (so `echo hi | crm send text --to N -` sends "hi").'],
  async run(ctx, { values, positionals }) {
    const to = requireOption(values.to, '--to');
    const dashGiven = positionals[0] === '-';
    if (positionals.length > 0 && !dashGiven)
      throw new UsageError('the only argument send text takes is - (read the text from stdin); use --text TEXT');
    if (dashGiven === (values.text !== undefined)) throw new UsageError('give the text with --text TEXT or - (read from stdin), not both');
    const body = dashGiven ? await textFromStdin(ctx) : (values.text ?? '');
    const replyTo = values['reply-to'];
    const input = { number: to, text: body, ...(replyTo === undefined ? {} : { replyTo }) };
    return dispatch(ctx, values, { op: 'messages.text', input, idempotencyKey: idempotencyKey(values) }).catch((err: unknown) => {
      throw withoutQuoteHint(err);
    });
  },
});

const media = defineCommand({
  name: 'send media',
  summary: 'send an image or a document (a local file or a URL)',
  usage: [
    'send media --to NUMBER --type image|video|document|sticker (--file PATH | --url URL) [--caption TEXT] [--file-name NAME] [--curl]',
  ],
  options: {
    ...commonSendOptions,
    ...sourceOptions,
    type: valueOption(
      'KIND',
      'image (up to 5 MB) or document (up to 100 MB); video (16 MB) and sticker (WebP, 500 KB) where the service takes them',
    ),
    caption: valueOption('TEXT', 'a caption (up to 1024 characters)'),
    'file-name': valueOption('NAME', "the file name the recipient sees (default: the file's own)"),
  },
  notes: sendNotes,
  async run(ctx, { values }) {
    const to = requireOption(values.to, '--to');
    const mediatype = oneOf(values.type, MEDIA_TYPES, '--type');
    if (!mediatype) throw new UsageError('missing --type image|video|document|sticker');
    const input = {
      number: to,
      mediatype,
      source: source(values),
      ...(values.caption !== undefined ? { caption: values.caption } : {}),
      ...(values['file-name'] !== undefined ? { fileName: values['file-name'] } : {}),
      ...(values.mimetype !== undefined ? { mimetype: values.mimetype } : {}),
    };
    return dispatch(ctx, values, { op: 'messages.media', input, idempotencyKey: idempotencyKey(values) });
  },
});

const audio = defineCommand({
  name: 'send audio',
  summary: 'send a voice note (a local audio file or a URL)',
  usage: ['send audio --to NUMBER (--file PATH | --url URL) [--mimetype TYPE] [--curl]'],
  options: { ...commonSendOptions, ...sourceOptions },
  notes: [...sendNotes, 'Audio types: ogg, webm, mpeg (mp3), mp4, aac, wav; up to 16 MB.'],
  async run(ctx, { values }) {
    const to = requireOption(values.to, '--to');
    const input = { number: to, source: source(values), ...(values.mimetype !== undefined ? { mimetype: values.mimetype } : {}) };
    return dispatch(ctx, values, { op: 'messages.audio', input, idempotencyKey: idempotencyKey(values) });
  },
});

const template = defineCommand({
  name: 'send template',
  summary: 'send an approved template: the message WhatsApp lets a business start with, or send after 24 hours without a reply',
  usage: ['send template --to NUMBER --name NAME [--language CODE] [--param TEXT]... [--curl]'],
  options: {
    ...commonSendOptions,
    name: valueOption('NAME', "the template's name as the service approved it (e.g. order_update)"),
    language: valueOption(
      'CODE',
      "the language of an approved translation (e.g. en_US, pt_BR); not asked where the service's template carries its own (Twilio)",
    ),
    param: listOption('TEXT', 'a body parameter, in order: the first --param fills {{1}} (up to 20, each up to 1024 characters)'),
  },
  notes: [
    ...sendNotes,
    'A free-form message to someone who has not written in 24 hours is refused (Meta 131047, Twilio 63016); a template is not.',
  ],
  async run(ctx, { values }) {
    const input = {
      number: requireOption(values.to, '--to'),
      name: requireOption(values.name, '--name'),
      // left empty, the request rules say whether this service's description needs one
      language: values.language ?? '',
      params: values.param ?? [],
    };
    // the same session dispatch opens; a printed cURL sends nothing, so it is not checked
    const session = { profileRef: values.profile, envKey: true as const, outbox: values.queue === true };
    if (values.curl !== true && input.language !== '') await checkTemplateSend(ctx, session, input.name, input.language);
    return dispatch(ctx, values, { op: 'messages.template', input, idempotencyKey: idempotencyKey(values) });
  },
});

export const sendGroup: CommandGroup = {
  name: 'send',
  summary: 'send messages (or print them as cURL with --curl)',
  commands: [text, media, audio, template, reactionCommand],
};
