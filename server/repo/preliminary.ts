/**
 * A report's preliminary read as the API answers it (RV-3): who sent it for review and when, the
 * sections of the revision they sent (what went out, whatever was edited since), its state, and
 * while it is returned who returned it, when and why. Two builders that must agree key for key:
 * `toPreliminary` from a row (the report writes' answers) and `preliminaryJson` in SQL (the order
 * lists, ./mappers.ts `orderJson`); tests/server/lists.test.ts holds them to the same bytes.
 */
import { eq, sql, type InferSelectModel } from 'drizzle-orm'
import type { Preliminary, ReportSections } from '../../contract'
import type { Queryable } from '../db/client'
import { isoTimestamp } from '../db/prepared'
import { reportRevisions, reports } from '../db/schema'

type ReportRow = InferSelectModel<typeof reports>

/** The states in which the preliminary read went out and no attending has signed it yet. */
export const PRELIMINARY_OUT = ['awaiting_review', 'returned'] as const

export function isPreliminaryOut(state: ReportRow['preliminaryState']): boolean {
  return state === 'awaiting_review' || state === 'returned'
}

/** The sections of the revision a trainee sent for review (null: none, or no longer held). */
export async function preliminarySections(
  q: Queryable,
  row: Pick<ReportRow, 'preliminaryRevisionId'>,
): Promise<ReportSections | null> {
  if (row.preliminaryRevisionId === null) return null
  const [revision] = await q
    .select({
      history: reportRevisions.history,
      technique: reportRevisions.technique,
      comparison: reportRevisions.comparison,
      findings: reportRevisions.findings,
      impression: reportRevisions.impression,
    })
    .from(reportRevisions)
    .where(eq(reportRevisions.id, row.preliminaryRevisionId))
  return revision ?? null
}

/** The row's preliminary read; `sent` is the sent revision's sections (null: the row's own). */
export function toPreliminary(row: ReportRow, sent: ReportSections | null): Preliminary | null {
  if (row.preliminaryState === null || row.preliminaryBy === null || !row.preliminaryAt) {
    return null
  }
  const returned =
    row.preliminaryState === 'returned' && row.returnedBy !== null && row.returnedAt
      ? {
          by: { user_id: row.returnedBy, name: row.returnedByName ?? row.returnedBy },
          at: row.returnedAt.toISOString(),
          comment: row.returnComment ?? '',
        }
      : null
  return {
    state: row.preliminaryState,
    by: { user_id: row.preliminaryBy, name: row.preliminaryByName ?? row.preliminaryBy },
    at: row.preliminaryAt.toISOString(),
    sections: sent ?? {
      history: row.history,
      technique: row.technique,
      comparison: row.comparison,
      findings: row.findings,
      impression: row.impression,
    },
    returned,
  }
}

const sectionsJson = (table: 'revision' | 'report') =>
  table === 'revision'
    ? sql`json_build_object('history', ${reportRevisions.history},
        'technique', ${reportRevisions.technique}, 'comparison', ${reportRevisions.comparison},
        'findings', ${reportRevisions.findings}, 'impression', ${reportRevisions.impression})`
    : sql`json_build_object('history', ${reports.history}, 'technique', ${reports.technique},
        'comparison', ${reports.comparison}, 'findings', ${reports.findings},
        'impression', ${reports.impression})`

/** `toPreliminary` in SQL, for a query that joins `reports`. */
export const preliminaryJson = sql`case when ${reports.preliminaryState} is null
    or ${reports.preliminaryBy} is null or ${reports.preliminaryAt} is null then null
  else json_build_object(
    'state', ${reports.preliminaryState},
    'by', json_build_object(
      'user_id', ${reports.preliminaryBy},
      'name', coalesce(${reports.preliminaryByName}, ${reports.preliminaryBy})
    ),
    'at', ${isoTimestamp(reports.preliminaryAt)},
    'sections', coalesce((select ${sectionsJson('revision')} from ${reportRevisions}
      where ${reportRevisions.id} = ${reports.preliminaryRevisionId}), ${sectionsJson('report')}),
    'returned', case when ${reports.preliminaryState} = 'returned'
      and ${reports.returnedBy} is not null and ${reports.returnedAt} is not null
      then json_build_object(
        'by', json_build_object(
          'user_id', ${reports.returnedBy},
          'name', coalesce(${reports.returnedByName}, ${reports.returnedBy})
        ),
        'at', ${isoTimestamp(reports.returnedAt)},
        'comment', coalesce(${reports.returnComment}, '')
      ) else null end
  ) end`
