import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BugReport, bugReportInputSchema } from '../../contract/bugs';
import type { ListQuery } from '../../contract/list';
import { orderBy, selectPage } from './pagination';
import { bugReports } from './schema';
import type { DbOrTx } from './transaction';

type Row = typeof bugReports.$inferSelect;

const toReport = (row: Row): BugReport => ({ ...row, createdAt: row.createdAt.toISOString() });

const SORT_COLUMNS = {
  createdAt: bugReports.createdAt,
  severity: bugReports.severity,
  title: bugReports.title,
} as const;

/** A page of bug reports, newest first by default; only the reporter's own unless `reporter` is undefined. */
export async function listBugReports(
  db: DbOrTx,
  query: ListQuery<keyof typeof SORT_COLUMNS>,
  reporter: string | undefined,
) {
  const page = await selectPage<Row>(
    db,
    bugReports,
    reporter === undefined ? undefined : eq(bugReports.reporter, reporter),
    orderBy(query.order, SORT_COLUMNS[query.sort], bugReports.id),
    query,
  );
  return { rows: page.rows.map(toReport), total: page.total };
}

export async function insertBugReport(
  db: DbOrTx,
  input: z.output<typeof bugReportInputSchema>,
  reporter: string,
  userAgent: string,
): Promise<BugReport> {
  const [row] = await db
    .insert(bugReports)
    .values({ ...input, reporter, userAgent })
    .returning();
  return toReport(row as Row);
}
