// crm settings ca-file: the CA file whose certificates every request trusts beside Node's roots
// and the OS store, kept in the data folder the window shares. The window's own requests take
// a change within a second. A file that cannot be used is refused with its reason and the
// setting stays as it was.
import { resolve } from 'node:path';
import { describeCaFile } from '../../shared/network-settings';
import { UsageError } from '../args';
import type { CommandGroup } from '../command';
import { clearableSettingCommand } from './clearable-setting';
import { clean } from '../format';
import { replyNoticesCommand } from './inbox';
import { readReceiptsCommand } from './read-receipts';
import { DEFAULT_MEDIA_CAP_BYTES, MEDIA_CAP_RANGE_MB, MEDIA_FILE_LIMIT_BYTES } from '../../core/conversations/media-cap';
import { formatBytes } from '../../shared/format';
import {
  DEFAULT_REQUEST_DEADLINE_MS,
  REQUEST_DEADLINE_RANGE_S,
  requestDeadlineState,
  validDeadlineSeconds,
} from '../../core/http/request-deadline';

const caFile = clearableSettingCommand({
  name: 'ca-file',
  summary: 'show, name or clear the PEM file whose certificates every request trusts (a company root the OS store lacks)',
  valueName: 'PATH',
  valueWords: 'a PATH',
  clearHelp: 'trust no CA file',
  notes: [
    'The file holds one or more certificates in PEM form (-----BEGIN CERTIFICATE-----), up to 1 MB. The installed app, the ' +
      'window and every `crm` command on the data folder use it; NODE_EXTRA_CA_CERTS reaches only processes started from a ' +
      'terminal. See docs/network.md.',
  ],
  async apply(ctx, { given: path, clear }) {
    const session = await ctx.session();
    const trust = session.core.caFile;
    // a relative path is the person's, from where they typed it; the setting keeps it whole
    const state = clear ? await trust.choose(null) : path !== undefined ? await trust.choose(resolve(path)) : await trust.state();
    return { data: state, text: describeCaFile(state, clean) };
  },
});

const requestDeadline = clearableSettingCommand({
  name: 'request-deadline',
  summary: 'show, set or clear how long one request may take in all, its answer included',
  valueName: 'SECONDS',
  clearHelp: `back to the default (${DEFAULT_REQUEST_DEADLINE_MS / 1000} s)`,
  notes: [
    'A service that answers slowly but never stops (a byte every few seconds) is cut off at the deadline. A send cut off may ' +
      'have been taken: it keeps its Idempotency-Key, so a retry is never a second message. The window and every `crm` command ' +
      'on the data folder use it.',
  ],
  async apply(ctx, { given, clear }) {
    const seconds = given === undefined ? undefined : Number(given);
    if (seconds !== undefined && !validDeadlineSeconds(seconds)) {
      throw new UsageError(
        `the deadline is a whole number of seconds from ${REQUEST_DEADLINE_RANGE_S.min} to ${REQUEST_DEADLINE_RANGE_S.max}`,
      );
    }
    const session = await ctx.session();
    const setting = session.core.requestDeadline;
    if (clear) setting.set(null);
    else if (seconds !== undefined) setting.set(seconds);
    // what the window's panel shows too (settings:request-deadline)
    const { seconds: inForce, isDefault } = requestDeadlineState(setting.get());
    return {
      data: { seconds: inForce, isDefault },
      text: `Request deadline: ${inForce} s${isDefault ? ' (the default)' : ''}.`,
    };
  },
});

const mediaCap = clearableSettingCommand({
  name: 'media-cap',
  summary: 'show, set or clear how much room the files contacts sent may take in the data folder',
  valueName: 'MEGABYTES',
  clearHelp: `back to the default (${DEFAULT_MEDIA_CAP_BYTES / 1024 / 1024} MB)`,
  notes: [
    `A file a service names by its media id (Meta) is downloaded when it arrives and kept under media/ in the data folder, so it ` +
      `shows offline and after the id expires. Past the cap the oldest files go first; one file larger than ` +
      `${formatBytes(MEDIA_FILE_LIMIT_BYTES)} (or than the cap) is not downloaded, and its message says why. A lower cap ` +
      `applies at once.`,
  ],
  async apply(ctx, { given, clear }) {
    const megabytes = given === undefined ? undefined : Number(given);
    if (
      megabytes !== undefined &&
      !(Number.isSafeInteger(megabytes) && megabytes >= MEDIA_CAP_RANGE_MB.min && megabytes <= MEDIA_CAP_RANGE_MB.max)
    ) {
      throw new UsageError(`the media cap is a whole number of megabytes from ${MEDIA_CAP_RANGE_MB.min} to ${MEDIA_CAP_RANGE_MB.max}`);
    }
    const session = await ctx.session();
    const setting = session.core.mediaCap;
    if (clear) setting.set(null);
    else if (megabytes !== undefined) setting.set(megabytes);
    await session.core.inboundMedia.keepUnderCap();
    const stored = setting.get();
    const capBytes = stored === null ? DEFAULT_MEDIA_CAP_BYTES : stored * 1024 * 1024;
    const used = session.core.inboundMedia.storedBytes();
    return {
      data: { megabytes: capBytes / 1024 / 1024, isDefault: stored === null, storedBytes: used },
      text: `Media cap: ${formatBytes(capBytes)}${stored === null ? ' (the default)' : ''}; received files take ${formatBytes(used)}.`,
    };
  },
});

export const settingsGroup: CommandGroup = {
  name: 'settings',
  summary:
    'settings every process on the data folder shares: the CA file, the request deadline, reply notifications, the media cap, read receipts',
  commands: [caFile, requestDeadline, replyNoticesCommand, mediaCap, readReceiptsCommand],
};
