/**
 * The statements of an exchange with the assistant (./exchange.ts), prepared once
 * (../db/prepared.ts): what the assistant reads (read again under the lock when the report
 * changed meanwhile), the order row lock, and the one statement that writes everything.
 */
import { sql } from 'drizzle-orm'
import type { Order, Report, Role } from '../../contract'
import { CANCELLED_STATUS, IN_PROGRESS, PATIENT_SUMMARY } from '../../contract'
import { isoTimestamp, prepared } from '../db/prepared'
import { countSql, type CountedRow } from '../db/windowCounters'
import {
  auditEvents,
  messages,
  orders,
  patients,
  reportRevisions,
  reports,
  users,
} from '../db/schema'
import { orderJson } from './mappers'

const p = (name: string) => sql.placeholder(name)

/**
 * A report as an exchange reads it: its sections, whether it is signed, its version, and its
 * preliminary read (RV-2: while it awaits review only a radiologist's message changes it).
 */
export type SeenReport = Pick<Report, 'sections' | 'is_final' | 'updated_at' | 'preliminary'>

export interface StudyRow {
  /** The order as the API answers it (mappers.ts), its report included. */
  order: Order
  /** The patient's clinical history, which the API does not answer. */
  patientHistory: string[]
  /** The conversation so far (the structured summary left out), oldest first; null when not asked. */
  history: { role: Role; content: string }[] | null
  /**
   * The patient's other studies, newest first, with their signed impressions (PR-4); null
   * when the conversation was not asked for (a reply reads both, a summary neither).
   */
  priors:
    { description: string; modality: string; orderedAt: string; impression: string | null }[] | null
  /** The acting user's local account, for the name their messages carry. */
  user: { name: string; loginId: string } | null
}

/**
 * The order with its patient and report, the conversation so far when `withHistory`, and the
 * local account of `userId`.
 */
const studySelect =
  () => sql`select ${orderJson} as "order", ${patients.history} as "patientHistory",
    case when ${p('withHistory')}::boolean then (
      select coalesce(json_agg(json_build_object(
        'role', ${messages.role}, 'content', ${messages.content}
      ) order by ${messages.seq}), '[]'::json)
      from ${messages}
      where ${messages.orderId} = ${orders.id}
        and (${messages.metaData} ->> 'type') is distinct from ${PATIENT_SUMMARY}
    ) end as "history",
    case when ${p('withHistory')}::boolean then (
      select coalesce(json_agg(json_build_object(
        'description', "prior"."study_description", 'modality', "prior"."modality",
        'orderedAt', "prior"."ordered_at",
        'impression', case when "prior_report"."is_final" then "prior_report"."impression" end
      ) order by "prior"."ordered_at" desc, "prior"."seq" desc), '[]'::json)
      from ${orders} as "prior"
      left join ${reports} as "prior_report" on "prior_report"."order_id" = "prior"."id"
      where "prior"."patient_id" = ${orders.patientId} and "prior"."id" <> ${orders.id}
        and "prior"."status" <> ${CANCELLED_STATUS}
    ) end as "priors",
    (select json_build_object('name', ${users.name}, 'loginId', ${users.loginId})
      from ${users} where ${users.id} = ${p('userId')}) as "user"
  from ${orders}
  inner join ${patients} on ${patients.id} = ${orders.patientId}
  left join ${reports} on ${reports.orderId} = ${orders.id}
  where ${orders.id} = ${p('orderId')}`

export const studyStatement = prepared<StudyRow>('study_context', studySelect)

/**
 * The study a message is answered from, with the sender's write counted against their limit
 * (SEC-7, ../db/windowCounters.ts) in the same round trip: one row always, the study's columns
 * null when there is no such order.
 */
export const countedStudyStatement = prepared<
  CountedRow & (StudyRow | { [K in keyof StudyRow]: null })
>(
  'study_context_counted',
  () => sql`with "slot" as (${countSql(p('key'), p('now'), p('staleBefore'))}),
  "study" as (${studySelect()})
  select "slot"."count", "slot"."windowStartedAt", "study".* from "slot" left join "study" on true`,
)

/** Locks the order row for the rest of the transaction; answers its report version floor. */
export const lockStatement = prepared<{ floor: string | null }>(
  'exchange_lock',
  () => sql`select ${isoTimestamp(orders.reportVersionFloor)} as "floor" from ${orders}
    where ${orders.id} = ${p('orderId')} for update`,
)

/**
 * Everything an exchange writes, in one statement under the order row lock, and only while the
 * report is still the one the exchange was planned on (`guarded`: its version is `seenVersion`,
 * null for no report); otherwise nothing, and no row comes back. It writes the status (to
 * in_progress on the conversation's first user message, as the rows before this statement show),
 * the report and its revision when `reportWritten`, the audit events (message_sent, then
 * assistant_update with the report) and the two messages, question before reply. Rows are
 * inserted in the order the `n` columns give, so the sequences number them in that order.
 */
export const writeStatement = prepared<{ id: string }>(
  'exchange_write',
  () => sql`with
  "planned" as (
    select 1 where not ${p('guarded')}::boolean
      or (select ${isoTimestamp(reports.updatedAt)} from ${reports}
        where ${reports.orderId} = ${p('orderId')})
        is not distinct from ${p('seenVersion')}::text
  ),
  "status" as (
    update ${orders} set "status" = ${IN_PROGRESS}
    where ${orders.id} = ${p('orderId')} and ${orders.status} <> ${IN_PROGRESS}
      and not exists (select 1 from ${messages}
        where ${messages.orderId} = ${p('orderId')} and ${messages.role} = 'user')
      and exists (select 1 from "planned")
  ),
  "report" as (
    insert into ${reports} ("order_id", "history", "technique", "comparison", "findings",
      "impression", "updated_at")
    select ${p('orderId')}::text, ${p('history')}::text, ${p('technique')}::text,
      ${p('comparison')}::text, ${p('findings')}::text, ${p('impression')}::text,
      ${p('reportAt')}::timestamptz
    where ${p('reportWritten')}::boolean and exists (select 1 from "planned")
    on conflict ("order_id") do update set "history" = excluded."history",
      "technique" = excluded."technique", "comparison" = excluded."comparison",
      "findings" = excluded."findings", "impression" = excluded."impression",
      "updated_at" = excluded."updated_at"
  ),
  "revision" as (
    insert into ${reportRevisions} ("id", "order_id", "history", "technique", "comparison",
      "findings", "impression", "author_kind", "cause", "sections_changed", "created_at")
    select ${p('revisionId')}::text, ${p('orderId')}::text, ${p('history')}::text,
      ${p('technique')}::text, ${p('comparison')}::text, ${p('findings')}::text,
      ${p('impression')}::text, 'assistant', 'assistant', ${p('revised')}::jsonb,
      ${p('reportAt')}::timestamptz
    where ${p('reportWritten')}::boolean and exists (select 1 from "planned")
  ),
  "audit" as (
    insert into ${auditEvents} ("kind", "user_id", "order_id", "address", "detail", "created_at")
    select "e"."kind", ${p('userId')}::text, ${p('orderId')}::text, ${p('address')}::text,
      "e"."detail", "e"."at"
    from (values
      (1, 'message_sent', ${p('sentDetail')}::jsonb, ${p('userAt')}::timestamptz),
      (2, 'assistant_update', ${p('updateDetail')}::jsonb, ${p('reportAt')}::timestamptz)
    ) as "e" ("n", "kind", "detail", "at")
    where ("e"."n" = 1 or ${p('reportWritten')}::boolean) and exists (select 1 from "planned")
    order by "e"."n"
  )
  insert into ${messages} ("id", "order_id", "user_id", "role", "content", "input_type",
    "meta_data", "author_name", "created_at")
  select "m"."id", ${p('orderId')}::text, ${p('userId')}::text, "m"."role", "m"."content",
    "m"."input_type", "m"."meta_data", "m"."author_name", "m"."at"
  from (values
    (1, ${p('userMessageId')}::text, 'user', ${p('content')}::text, ${p('inputType')}::text,
      null::jsonb, ${p('authorName')}::text, ${p('userAt')}::timestamptz),
    (2, ${p('replyId')}::text, 'assistant', ${p('reply')}::text, 'text', ${p('meta')}::jsonb,
      null, ${p('replyAt')}::timestamptz)
  ) as "m" ("n", "id", "role", "content", "input_type", "meta_data", "author_name", "at")
  where exists (select 1 from "planned")
  order by "m"."n"
  returning "id"`,
)
