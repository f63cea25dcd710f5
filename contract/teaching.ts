/**
 * A teaching hospital's reading room: who the signed-in user is and may do (RL-1), a trainee's
 * preliminary report and its review by an attending (RV-1..RV-6), and the admin's accounts and
 * audit trail (ADM-*).
 *
 * - GET /me: the signed-in user's id, name, roles, and whether Clear All Studies is theirs to use
 *   (RL-6: with more than one account, admins only). A backend without it: the SPA treats the
 *   user as a radiologist who may clear.
 * - POST /orders/{id}/report/preliminary (trainee): no body, or `{}`. The report is locked for its
 *   trainee until an attending signs it or returns it.
 * - POST /orders/{id}/report/return (radiologist): `{comment}`; the trainee may edit again.
 * - GET /admin/users, PATCH /admin/users/{id} `{roles?, active?}` (admin).
 * - GET /admin/audit (admin): filters `user`, `order`, `kind`, `from`, `to`; paged by `cursor`.
 *   GET /admin/audit/export: the same filters, every matching event as CSV (text/csv).
 */
import { z } from 'zod'
import { AUDIT_KINDS, AUDIT_PAGE, ROLES } from './teachingConstants'
import { idSchema, paramIdSchema, timestampSchema } from './entities'
import { honestText, inputText } from './inputText'

export const userRoleSchema = z.enum(ROLES)
/** A set of roles: each at most once (none is allowed: an account that may only sign in). */
export const userRolesSchema = z
  .array(userRoleSchema)
  .max(ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'must not repeat a role')

// GET /me
export const whoAmIAnswerSchema = z.object({
  user_id: idSchema,
  name: z.string(),
  roles: userRolesSchema,
  /** Clear All Studies is offered to this user (RL-6). */
  clear_all: z.boolean(),
})
export type WhoAmI = z.infer<typeof whoAmIAnswerSchema>

// POST /orders/{id}/report/preliminary: no body, or `{}`.
export const sendForReviewRequestSchema = z.strictObject({})

export const REVIEW_LIMITS = { commentChars: 2000 } as const
// POST /orders/{id}/report/return
export const returnToTraineeRequestSchema = z.strictObject({
  comment: honestText(
    z
      .string()
      .max(REVIEW_LIMITS.commentChars)
      .refine((text) => text.trim().length > 0, 'must not be blank'),
  ),
})
export type ReturnToTraineeRequest = z.infer<typeof returnToTraineeRequestSchema>

// GET /admin/users
export const adminUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  roles: userRolesSchema,
  active: z.boolean(),
  created_at: timestampSchema,
})
export type AdminUser = z.infer<typeof adminUserSchema>
export const adminUserListSchema = z.object({ items: z.array(adminUserSchema) })
export const userParamsSchema = z.object({ id: paramIdSchema })

// PATCH /admin/users/{id}
export const updateUserRequestSchema = z
  .strictObject({ roles: userRolesSchema.optional(), active: z.boolean().optional() })
  .refine((body) => body.roles !== undefined || body.active !== undefined, {
    message: 'must change roles or active',
  })
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>

// GET /admin/audit and /admin/audit/export
const dateFilter = z.iso.datetime({ offset: true }).or(z.iso.date())
export const auditQuerySchema = z.object({
  user: paramIdSchema.optional(),
  order: paramIdSchema.optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  /** From this instant (a date: its start, UTC), inclusive. */
  from: dateFilter.optional(),
  /** Up to this instant (a date: its end, UTC), inclusive. */
  to: dateFilter.optional(),
  cursor: inputText(z.string().min(1).max(200)).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE.maxLimit).optional(),
})
export type AuditQuery = z.input<typeof auditQuerySchema>
export const auditEventSchema = z.object({
  seq: z.number().int().positive(),
  at: timestampSchema,
  kind: z.string(),
  user_id: z.string().nullable(),
  /** The user's name as the accounts know it now (null: none known). */
  user_name: z.string().nullable(),
  order_id: z.string().nullable(),
  /** The study's accession number (null: no study, or one no longer held). */
  accession_number: z.string().nullable(),
  address: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
})
export type AuditEventAnswer = z.infer<typeof auditEventSchema>
/** Newest first; `next_cursor` null on the last page. */
export const auditPageSchema = z.object({
  items: z.array(auditEventSchema),
  next_cursor: z.string().nullable(),
})
export type AuditPage = z.infer<typeof auditPageSchema>
/** The CSV export's answer (text/csv, one header line then one line an event). */
export const auditExportSchema = z.string()
