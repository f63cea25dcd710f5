/**
 * The teaching hospital's routes of the route table (contract/index.ts spreads them into
 * `routes`): who is signed in and with which roles, a trainee's report sent for review and
 * returned, and the admin's accounts and audit trail.
 */
import { routePaths } from './constants'
import { orderParamsSchema, reportAnswerSchema } from './answers'
import {
  adminUserListSchema,
  adminUserSchema,
  auditExportSchema,
  auditPageSchema,
  auditQuerySchema,
  returnToTraineeRequestSchema,
  sendForReviewRequestSchema,
  updateUserRequestSchema,
  userParamsSchema,
  whoAmIAnswerSchema,
} from './teaching'

export const teachingRoutes = {
  whoAmI: { ...routePaths.whoAmI, answer: whoAmIAnswerSchema },
  sendForReview: {
    ...routePaths.sendForReview,
    params: orderParamsSchema,
    body: sendForReviewRequestSchema,
    answer: reportAnswerSchema,
  },
  returnToTrainee: {
    ...routePaths.returnToTrainee,
    params: orderParamsSchema,
    body: returnToTraineeRequestSchema,
    answer: reportAnswerSchema,
  },
  listUsers: { ...routePaths.listUsers, answer: adminUserListSchema },
  updateUser: {
    ...routePaths.updateUser,
    params: userParamsSchema,
    body: updateUserRequestSchema,
    answer: adminUserSchema,
  },
  listAuditEvents: {
    ...routePaths.listAuditEvents,
    query: auditQuerySchema,
    answer: auditPageSchema,
  },
  exportAuditEvents: {
    ...routePaths.exportAuditEvents,
    query: auditQuerySchema,
    answer: auditExportSchema,
  },
} as const
