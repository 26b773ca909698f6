import { describe, expect, it } from 'vitest';
import { collectParams, parseQuery, QueryError, runQuery, type Row } from '../../../devnet/indexer/query';

const A = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const B = 'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN';
const C = 'tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU';
const KT = 'KT18g4ExUPvJ4v33UGt8pDhR7XfuvnbTnzfG';

/** A TokenBalance-shaped row: big integers as strings, accounts as `{address}`. */
const balanceRow = (
  id: number,
  account: string,
  tokenId: string,
  balance: string,
  firstLevel: number,
  lastTime: string,
): Row => ({
  id,
  account: { address: account },
  token: { contract: { address: KT }, tokenId },
  balance,
  firstLevel,
  lastTime,
});

const rows: Row[] = [
  balanceRow(1, A, '0', '850', 1, '2026-11-30T06:00:02Z'),
  balanceRow(2, B, '0', '0', 2, '2026-11-30T06:00:04Z'),
  balanceRow(3, C, '0', '50', 2, '2026-11-30T06:00:02Z'),
  balanceRow(4, B, '1', '7', 3, '2026-11-30T06:00:03Z'),
  balanceRow(5, A, '12345678901234567890', '99999999999999999999', 5, '2026-11-30T06:00:05Z'),
];

/** What the query string `s` gives on `table`. */
const query = (table: Row[], s: string) => runQuery(table, parseQuery(collectParams(new URLSearchParams(s))));
/** The ids of the rows of `table` the query string `s` selects, in order. */
const idsIn = (table: Row[], s: string) => (query(table, s) as Row[]).map((r) => r.id);
const q = (s: string) => query(rows, s);
const ids = (s: string) => idsIn(rows, s);

describe('TzKT query language: filters', () => {
  it('a bare field means .eq, and an account field compares its address', () => {
    expect(ids(`account=${B}`)).toEqual([2, 4]);
    expect(ids(`account.eq=${B}`)).toEqual([2, 4]);
    expect(ids(`account.ne=${B}`)).toEqual([1, 3, 5]);
  });

  it('nested paths: token.contract (its address) and token.tokenId', () => {
    expect(ids(`token.contract=${KT}&token.tokenId=1`)).toEqual([4]);
    expect(ids(`token.contract.eq=tz1unknown`)).toEqual([]);
  });

  it('big integers (strings) compare as numbers, not text', () => {
    // As text "850" < "99…" and "7" > "50"; TzKT compares the numbers.
    expect(ids('balance.gt=50')).toEqual([1, 5]);
    expect(ids('balance.ge=50')).toEqual([1, 3, 5]);
    expect(ids('balance.lt=7')).toEqual([2]);
    expect(ids('balance.le=7')).toEqual([2, 4]);
    expect(ids('token.tokenId.gt=9007199254740993')).toEqual([5]);
  });

  it('numbers and timestamps', () => {
    expect(ids('firstLevel.in=2,3')).toEqual([2, 3, 4]);
    expect(ids('firstLevel.ni=2,3')).toEqual([1, 5]);
    expect(ids('lastTime.ge=2026-11-30T06:00:03Z')).toEqual([2, 4, 5]);
    expect(ids('lastTime.lt=2026-11-30')).toEqual([]);
  });

  it('.in/.ni take comma lists; a repeated parameter counts by its first value, as TzKT binds it', () => {
    expect(ids(`account.in=${A},${C}`)).toEqual([1, 3, 5]);
    expect(ids(`account.ni=${A},${C}`)).toEqual([2, 4]);
    // What @tzkt/sdk-api 2.2.1 sends for `in: [A, C]` (tzkt/api-sdk-ts#20): TzKT reads only A.
    expect(ids(`account.in=${A}&account.in=${C}`)).toEqual([1, 5]);
  });

  it('.null tests presence', () => {
    const withNull: Row[] = [{ id: 1, from: { address: A } }, { id: 2 }];
    const run = (s: string) => idsIn(withNull, s);
    expect(run('from.null')).toEqual([2]);
    expect(run('from.null=true')).toEqual([2]);
    expect(run('from.null=false')).toEqual([1]);
  });

  it('anyof.a.b matches when any of the fields does', () => {
    const transfers: Row[] = [
      { id: 1, to: { address: A } },
      { id: 2, from: { address: A }, to: { address: B } },
      { id: 3, from: { address: C }, to: { address: B } },
    ];
    const run = (s: string) => idsIn(transfers, s);
    expect(run(`anyof.from.to=${A}`)).toEqual([1, 2]);
    expect(run(`anyof.from.to.in=${C},${B}`)).toEqual([2, 3]);
  });

  it('.as/.un match wildcards', () => {
    expect(ids('token.tokenId.as=1*')).toEqual([4, 5]);
    expect(ids('token.tokenId.un=1*')).toEqual([1, 2, 3]);
  });
});

describe('TzKT query language: sort, paging, select', () => {
  it('sorts by id by default; sort / sort.asc / sort.desc on any path, ties by id', () => {
    expect(ids('')).toEqual([1, 2, 3, 4, 5]);
    expect(ids('sort=balance')).toEqual([2, 4, 3, 1, 5]);
    expect(ids('sort.asc=balance')).toEqual([2, 4, 3, 1, 5]);
    expect(ids('sort.desc=balance')).toEqual([5, 1, 3, 4, 2]);
    expect(ids('sort.desc=firstLevel')).toEqual([5, 4, 3, 2, 1]);
  });

  it('offset / offset.el / offset.pg / offset.cr and limit', () => {
    expect(ids('limit=2')).toEqual([1, 2]);
    expect(ids('offset=1&limit=2')).toEqual([2, 3]);
    expect(ids('offset.el=4')).toEqual([5]);
    expect(ids('offset.pg=1&limit=2')).toEqual([3, 4]);
    expect(ids('offset.cr=3')).toEqual([4, 5]);
    expect(ids('limit=0')).toEqual([]);
  });

  it('limit is at most 10000, as TzKT validates it', () => {
    expect(ids('limit=10000')).toHaveLength(5);
    expect(() => q('limit=10001')).toThrow(QueryError);
    expect(() => q('limit=abc')).toThrow(QueryError);
  });

  it('select: one field gives bare values; several give objects (fields) or arrays (values)', () => {
    expect(q('select=balance&limit=2')).toEqual(['850', '0']);
    expect(q('select.values=balance&limit=2')).toEqual(['850', '0']);
    expect(q('select=account,balance&limit=1')).toEqual([{ account: { address: A }, balance: '850' }]);
    expect(q('select.fields=token.tokenId,balance&limit=1')).toEqual([{ 'token.tokenId': '0', balance: '850' }]);
    expect(q('select.values=account.address,balance&limit=1')).toEqual([[A, '850']]);
    expect(q('select=balance as b,firstLevel as l&limit=1')).toEqual([{ b: '850', l: 1 }]);
    // The SDK sends `select.fields: [a, b]` as repeated parameters: TzKT keeps the first.
    expect(q('select.fields=balance&select.fields=firstLevel&limit=1')).toEqual(['850']);
    expect(q('select.fields=balance,firstLevel&limit=1')).toEqual([{ balance: '850', firstLevel: 1 }]);
  });

  it('select applies after filtering, sorting and paging', () => {
    expect(q(`account=${B}&sort.desc=balance&select=balance`)).toEqual(['7', '0']);
  });
});
