import fs from 'node:fs';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { cases } from '../../server/db/schema';
import { PLANNED_APART, subquery } from '../../server/db/subqueries';

const dialect = new PgDialect();
const sqlOf = (offset: number) =>
  dialect.sqlToQuery(subquery.select({ id: cases.id }).from(cases).offset(offset).getSQL()).sql;

describe('subqueries planned apart (offset 0)', () => {
  it('writes `offset 0` for PLANNED_APART, where drizzle drops a plain 0', () => {
    expect(sqlOf(PLANNED_APART)).toMatch(/offset 0$/);
    expect(sqlOf(0)).not.toMatch(/offset/);
  });

  it('leaves no `.offset(0)` in the queries, where a fence was meant and none would be written', () => {
    const folder = path.join(import.meta.dirname, '../../server/db');
    const files = fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'));
    const fenced = files.filter((file) =>
      fs
        .readFileSync(path.join(folder, file), 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\*|\/\/)/.test(line) && line.includes('.offset(0)')),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(fenced).toEqual([]);
  });
});
