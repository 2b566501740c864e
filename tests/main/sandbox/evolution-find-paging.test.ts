// The evolution-v2 dialect's findContacts pages as Evolution v2 does, in the body: `offset` is how
// many records a page holds and `page` which page (from 1); without `offset` every match comes back.
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call } from './helpers';
import { sandboxAround } from './sandbox-around';

const CONTACTS = 25;

describe('dialect "evolution-v2": findContacts paging in the body', () => {
  let sb: RunningSandbox;
  const find = async (body: unknown): Promise<{ status: number; body: unknown }> =>
    call(sb, 'POST', '/chat/findContacts/sandbox', { body, headers: { apikey: sb.adminKey } });
  const ids = async (body: unknown): Promise<string[]> => ((await find(body)).body as { id: string }[]).map((c) => c.id);

  sandboxAround({ dialect: 'evolution-v2', contacts: CONTACTS }, (started) => (sb = started));

  it('page 2 of 10 holds the next ten records, the last page the rest', async () => {
    const all = await ids({ where: {} });
    expect(all).toHaveLength(CONTACTS);
    expect(await ids({ where: {}, offset: 10, page: 1 })).toEqual(all.slice(0, 10));
    expect(await ids({ where: {}, offset: 10, page: 2 })).toEqual(all.slice(10, 20));
    expect(await ids({ where: {}, offset: 10, page: 3 })).toEqual(all.slice(20));
    expect(await ids({ where: {}, offset: 10, page: 4 })).toEqual([]);
  });

  it('offset without page is the first page; page without offset changes nothing', async () => {
    const all = await ids({});
    expect(await ids({ offset: 4 })).toEqual(all.slice(0, 4));
    expect(await ids({ page: 3 })).toEqual(all);
  });

  it('pages the matches of a filter, not the whole list', async () => {
    const all = (await find({})).body as { id: string; pushName: string }[];
    const word = all[2]!.pushName.split(' ')[0]!;
    const matches = await ids({ where: { pushName: word } });
    expect(await ids({ where: { pushName: word }, offset: 1, page: 1 })).toEqual(matches.slice(0, 1));
  });

  it.each([
    ['offset 0', { offset: 0 }, 'offset must be an integer from 1 to 100000'],
    ['a text page', { offset: 5, page: '2' }, 'page must be an integer from 1 to 1000000000'],
    ['a fractional offset', { offset: 2.5 }, 'offset must be an integer from 1 to 100000'],
  ])("answers 400 for %s, in Evolution's error shape", async (_name, body, message) => {
    const res = await find(body);
    expect(res.status).toBe(400);
    expect((res.body as { response: { message: string[] } }).response.message).toEqual([message]);
  });
});
