/**
 * The /api/v1 contract: one zod schema for every request and answer of the routes.
 *
 * The SPA validates every answer with these schemas before anything reaches a component; the
 * server validates every request and every answer with the same schemas. This module is the only
 * code the server and the SPA share, so it imports nothing but zod.
 *
 * Decisions where the product spec says "not shown":
 * - ids are opaque strings;
 * - list answers are bare arrays (the SPA also accepts an object holding one array, see
 *   `listAnswer`);
 * - an order nests its patient and its report (or null);
 * - errors are `{error, message}`.
 */
import { routePaths } from './constants'
import {
  macroListSchema,
  macroParamsSchema,
  macroRequestSchema,
  macroSchema,
  templateListSchema,
  templatesQuerySchema,
} from './library'
import {
  communicationListSchema,
  communicationRequestSchema,
  communicationSchema,
  finalizeRequestSchema,
} from './signing'
import { addendumSchema, orderSchema, priorListSchema } from './entities'
import { outcomeRoutes } from './routesOutcomes'
import { teachingRoutes } from './routesTeaching'
import {
  orderParamsSchema,
  messageParamsSchema,
  patientListSchema,
  orderListSchema,
  messageListSchema,
  listOrdersQuerySchema,
  orderPageSchema,
  sendMessageRequestSchema,
  sendMessageAnswerSchema,
  rateMessageRequestSchema,
  successSchema,
  initializeAnswerSchema,
  saveReportRequestSchema,
  reportAnswerSchema,
  reportRevisionListSchema,
  addAddendumRequestSchema,
  speechTokenAnswerSchema,
  phrasesRequestSchema,
  phrasesAnswerSchema,
  cleanupRequestSchema,
  cleanupAnswerSchema,
  claimRequestSchema,
  claimAnswerSchema,
  checkReportRequestSchema,
  checkReportAnswerSchema,
  draftImpressionRequestSchema,
  draftImpressionAnswerSchema,
} from './answers'
// The contract's plain values (constants, the text rule, the route table's methods and paths)
// live in constants.ts, free of zod, so that a client can use them without loading zod. The
// schemas live in entities.ts (what the answers are made of) and answers.ts (route by route).
export * from './constants'
export * from './entities'
export * from './answers'
export * from './library'
export * from './signing'
export * from './text'
export * from './teaching'
export * from './teachingConstants'
export * from './followUpInput'
export * from './outcomes'
export * from './outcomesConstants'

/**
 * Every route, in one table: method, path (Fastify style, from `routePaths`), and its schemas. The
 * server registers routes from it and the SPA's endpoint tests walk it, so a route cannot be added
 * on one side only. The teaching hospital's routes and closing the loop's are written in files of
 * their own (routesTeaching.ts, routesOutcomes.ts) and spread in; `satisfies` still asks for every
 * path of `routePaths`.
 */
export const routes = {
  listPatients: { ...routePaths.listPatients, answer: patientListSchema },
  listOrders: {
    ...routePaths.listOrders,
    query: listOrdersQuerySchema,
    answer: orderListSchema,
    /** The answer when the query holds any of `ORDER_LIST_QUERY_KEYS`. */
    pageAnswer: orderPageSchema,
  },
  getOrder: { ...routePaths.getOrder, params: orderParamsSchema, answer: orderSchema },
  listMessages: {
    ...routePaths.listMessages,
    params: orderParamsSchema,
    answer: messageListSchema,
  },
  sendMessage: {
    ...routePaths.sendMessage,
    params: orderParamsSchema,
    body: sendMessageRequestSchema,
    answer: sendMessageAnswerSchema,
  },
  rateMessage: {
    ...routePaths.rateMessage,
    params: messageParamsSchema,
    body: rateMessageRequestSchema,
    answer: successSchema,
  },
  initializeOrder: {
    ...routePaths.initializeOrder,
    params: orderParamsSchema,
    answer: initializeAnswerSchema,
  },
  saveReport: {
    ...routePaths.saveReport,
    params: orderParamsSchema,
    body: saveReportRequestSchema,
    answer: reportAnswerSchema,
  },
  /** Optional body (./signing); 409 `finalizeConflictSchema` when our server refuses to sign. */
  finalizeReport: {
    ...routePaths.finalizeReport,
    params: orderParamsSchema,
    body: finalizeRequestSchema,
    answer: reportAnswerSchema,
  },
  listCommunications: {
    ...routePaths.listCommunications,
    params: orderParamsSchema,
    answer: communicationListSchema,
  },
  /** 201 with the record. */
  recordCommunication: {
    ...routePaths.recordCommunication,
    params: orderParamsSchema,
    body: communicationRequestSchema,
    answer: communicationSchema,
  },
  listReportRevisions: {
    ...routePaths.listReportRevisions,
    params: orderParamsSchema,
    answer: reportRevisionListSchema,
  },
  addReportAddendum: {
    ...routePaths.addReportAddendum,
    params: orderParamsSchema,
    body: addAddendumRequestSchema,
    answer: addendumSchema,
  },
  clearConversation: {
    ...routePaths.clearConversation,
    params: orderParamsSchema,
    answer: null,
  },
  speechToken: { ...routePaths.speechToken, answer: speechTokenAnswerSchema },
  speechPhrases: {
    ...routePaths.speechPhrases,
    body: phrasesRequestSchema,
    answer: phrasesAnswerSchema,
  },
  speechCleanup: {
    ...routePaths.speechCleanup,
    body: cleanupRequestSchema,
    answer: cleanupAnswerSchema,
  },
  claimOrder: {
    ...routePaths.claimOrder,
    params: orderParamsSchema,
    body: claimRequestSchema,
    answer: claimAnswerSchema,
  },
  releaseClaim: { ...routePaths.releaseClaim, params: orderParamsSchema, answer: null },
  /** 200 with the order now claimed for the caller, 204 when nothing is left to read. */
  nextStudy: { ...routePaths.nextStudy, answer: orderSchema },
  listPriors: { ...routePaths.listPriors, params: orderParamsSchema, answer: priorListSchema },
  /** 200 with the issues (empty: nothing found); the report is not changed. */
  checkReport: {
    ...routePaths.checkReport,
    params: orderParamsSchema,
    body: checkReportRequestSchema,
    answer: checkReportAnswerSchema,
  },
  /** 200 with the draft; 502 `draft_unavailable` when the model fails. Nothing is written. */
  draftImpression: {
    ...routePaths.draftImpression,
    params: orderParamsSchema,
    body: draftImpressionRequestSchema,
    answer: draftImpressionAnswerSchema,
  },
  listTemplates: {
    ...routePaths.listTemplates,
    query: templatesQuerySchema,
    answer: templateListSchema,
  },
  listMacros: { ...routePaths.listMacros, answer: macroListSchema },
  /** 201 with the macro; 409 `macro_exists` when the caller has one of that name. */
  createMacro: { ...routePaths.createMacro, body: macroRequestSchema, answer: macroSchema },
  updateMacro: {
    ...routePaths.updateMacro,
    params: macroParamsSchema,
    body: macroRequestSchema,
    answer: macroSchema,
  },
  deleteMacro: { ...routePaths.deleteMacro, params: macroParamsSchema, answer: null },
  ...teachingRoutes,
  ...outcomeRoutes,
} as const satisfies Record<keyof typeof routePaths, object>

export type RouteName = keyof typeof routes
