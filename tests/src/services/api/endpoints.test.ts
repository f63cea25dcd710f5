/**
 * API-1 and API-2: every /api/v1 route of the contract has an RTK Query endpoint of the same
 * name, and each one, run against MSW, sends the contract's method, path and JSON body with
 * credentials and the bearer token.
 */
import { describe, expect, it } from 'vitest'
import { routes, type RouteName } from '../../../../contract'
import { adminApi } from '../../../../src/services/api/adminApi'
import { baseApi } from '../../../../src/services/api/baseApi'
import { claimsApi } from '../../../../src/services/api/claimsApi'
import { communicationsApi } from '../../../../src/services/api/communicationsApi'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { followUpsApi } from '../../../../src/services/api/followUpsApi'
import { impressionApi } from '../../../../src/services/api/impressionApi'
import { libraryApi } from '../../../../src/services/api/libraryApi'
import { ordersApi } from '../../../../src/services/api/ordersApi'
import { peerReviewApi } from '../../../../src/services/api/peerReviewApi'
import { priorsApi } from '../../../../src/services/api/priorsApi'
import { qaApi } from '../../../../src/services/api/qaApi'
import { reportApi } from '../../../../src/services/api/reportApi'
import { speechApi } from '../../../../src/services/api/speechApi'
import { statsApi } from '../../../../src/services/api/statsApi'
import { teachingApi } from '../../../../src/services/api/teachingApi'
import { buildReport, buildSections, FIXED_TIME } from '../../../support/msw/data'
import { buildFollowUp } from '../../../support/msw/followUpsBackend'
import { apiBackend } from '../../../support/msw/server'
import { awaitingReview, signedInAs } from '../../../support/msw/teachingBackend'
import { createTestDeps, makeTestStore } from '../../../support/render'
import type { AppStore } from '../../../../src/app/store'

interface EndpointCase {
  call: (store: AppStore) => Promise<unknown>
  path: string
  body: unknown
}

/** A macro of the caller's, for the calls that change one. */
const ownMacro = () => {
  apiBackend.macros.push({
    id: 'MAC9',
    name: 'old',
    text: 'Old text.',
    created_at: FIXED_TIME,
    updated_at: FIXED_TIME,
  })
  return 'MAC9'
}

const criticalCall = {
  recipient: 'Dr. Grace Hopper',
  role: 'Referring physician',
  method: 'phone',
  communicated_at: FIXED_TIME,
  read_back: true,
} as const

const sections = buildSections({ findings: 'No acute findings.', impression: 'Normal study.' })

/** One case per contract route: a route added to the contract without an endpoint fails to compile. */
const cases: Record<RouteName, EndpointCase> = {
  listPatients: {
    call: (store) => store.dispatch(ordersApi.endpoints.listPatients.initiate()).unwrap(),
    path: '/api/v1/patients',
    body: null,
  },
  listOrders: {
    call: (store) => store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap(),
    path: '/api/v1/orders',
    body: null,
  },
  getOrder: {
    call: (store) => store.dispatch(ordersApi.endpoints.getOrder.initiate('O1')).unwrap(),
    path: '/api/v1/orders/O1',
    body: null,
  },
  listMessages: {
    call: (store) => store.dispatch(conversationApi.endpoints.listMessages.initiate('O1')).unwrap(),
    path: '/api/v1/orders/O1/messages',
    body: null,
  },
  sendMessage: {
    call: (store) =>
      store
        .dispatch(
          conversationApi.endpoints.sendMessage.initiate({
            orderId: 'O1',
            content: 'Any effusion?',
            input_type: 'voice',
          }),
        )
        .unwrap(),
    path: '/api/v1/orders/O1/messages',
    body: { content: 'Any effusion?', input_type: 'voice' },
  },
  rateMessage: {
    call: (store) =>
      store
        .dispatch(
          conversationApi.endpoints.rateMessage.initiate({
            orderId: 'O1',
            messageId: 'M2',
            rating: 'up',
          }),
        )
        .unwrap(),
    path: '/api/v1/orders/O1/messages/M2/rating',
    body: { rating: 'up' },
  },
  initializeOrder: {
    call: (store) =>
      store.dispatch(conversationApi.endpoints.initializeOrder.initiate('O2')).unwrap(),
    path: '/api/v1/orders/O2/initialize',
    body: null,
  },
  saveReport: {
    call: (store) =>
      store.dispatch(reportApi.endpoints.saveReport.initiate({ orderId: 'O1', sections })).unwrap(),
    path: '/api/v1/orders/O1/report',
    body: { sections },
  },
  finalizeReport: {
    call: (store) =>
      store.dispatch(reportApi.endpoints.finalizeReport.initiate({ orderId: 'O1' })).unwrap(),
    path: '/api/v1/orders/O1/report/finalize',
    body: null,
  },
  listReportRevisions: {
    call: (store) =>
      store.dispatch(reportApi.endpoints.listReportRevisions.initiate('O1')).unwrap(),
    path: '/api/v1/orders/O1/report/revisions',
    body: null,
  },
  addReportAddendum: {
    call: async (store) => {
      const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')!
      order.report = buildReport({ is_final: true, finalized_at: FIXED_TIME })
      return store
        .dispatch(
          reportApi.endpoints.addReportAddendum.initiate({
            orderId: 'O1',
            text: 'Also: no fracture.',
          }),
        )
        .unwrap()
    },
    path: '/api/v1/orders/O1/report/addenda',
    body: { text: 'Also: no fracture.' },
  },
  clearConversation: {
    call: (store) =>
      store.dispatch(conversationApi.endpoints.clearConversation.initiate('O1')).unwrap(),
    path: '/api/v1/orders/O1/conversation',
    body: null,
  },
  speechToken: {
    call: (store) => store.dispatch(speechApi.endpoints.speechToken.initiate()).unwrap(),
    path: '/api/v1/speech/token',
    body: null,
  },
  speechPhrases: {
    call: (store) =>
      store
        .dispatch(
          speechApi.endpoints.speechPhrases.initiate({ modality: 'CT', body_part: 'Chest' }),
        )
        .unwrap(),
    path: '/api/v1/speech/phrases',
    body: { modality: 'CT', body_part: 'Chest' },
  },
  speechCleanup: {
    call: (store) =>
      store
        .dispatch(
          speechApi.endpoints.speechCleanup.initiate({
            text: 'no  acute   findings',
            modality: 'CT',
            body_part: 'Chest',
          }),
        )
        .unwrap(),
    path: '/api/v1/speech/cleanup',
    body: { text: 'no  acute   findings', modality: 'CT', body_part: 'Chest' },
  },
  claimOrder: {
    call: (store) =>
      store
        .dispatch(claimsApi.endpoints.claimOrder.initiate({ orderId: 'O1', takeOver: true }))
        .unwrap(),
    path: '/api/v1/orders/O1/claim',
    body: { take_over: true },
  },
  releaseClaim: {
    call: (store) =>
      store.dispatch(claimsApi.endpoints.releaseClaim.initiate({ orderId: 'O1' })).unwrap(),
    path: '/api/v1/orders/O1/claim',
    body: null,
  },
  nextStudy: {
    call: (store) => store.dispatch(claimsApi.endpoints.nextStudy.initiate()).unwrap(),
    path: '/api/v1/worklist/next',
    body: null,
  },
  listPriors: {
    call: (store) => store.dispatch(priorsApi.endpoints.listPriors.initiate('O1')).unwrap(),
    path: '/api/v1/orders/O1/priors',
    body: null,
  },
  checkReport: {
    call: (store) =>
      store.dispatch(qaApi.endpoints.checkReport.initiate({ orderId: 'O1', sections })).unwrap(),
    path: '/api/v1/orders/O1/report/check',
    body: { sections },
  },
  draftImpression: {
    call: (store) =>
      store
        .dispatch(impressionApi.endpoints.draftImpression.initiate({ orderId: 'O1', sections }))
        .unwrap(),
    path: '/api/v1/orders/O1/report/impression-draft',
    body: { sections },
  },
  listTemplates: {
    call: (store) =>
      store
        .dispatch(
          libraryApi.endpoints.listTemplates.initiate({ modality: 'CT', bodyPart: 'Chest' }),
        )
        .unwrap(),
    path: '/api/v1/templates',
    body: null,
  },
  listMacros: {
    call: (store) => store.dispatch(libraryApi.endpoints.listMacros.initiate()).unwrap(),
    path: '/api/v1/macros',
    body: null,
  },
  createMacro: {
    call: (store) =>
      store
        .dispatch(libraryApi.endpoints.createMacro.initiate({ name: 'nml', text: 'Normal.' }))
        .unwrap(),
    path: '/api/v1/macros',
    body: { name: 'nml', text: 'Normal.' },
  },
  updateMacro: {
    call: (store) =>
      store
        .dispatch(
          libraryApi.endpoints.updateMacro.initiate({ id: ownMacro(), name: 'new', text: 'New.' }),
        )
        .unwrap(),
    path: '/api/v1/macros/MAC9',
    body: { name: 'new', text: 'New.' },
  },
  deleteMacro: {
    call: (store) => store.dispatch(libraryApi.endpoints.deleteMacro.initiate(ownMacro())).unwrap(),
    path: '/api/v1/macros/MAC9',
    body: null,
  },
  listCommunications: {
    call: (store) =>
      store.dispatch(communicationsApi.endpoints.listCommunications.initiate('O1')).unwrap(),
    path: '/api/v1/orders/O1/report/communications',
    body: null,
  },
  recordCommunication: {
    call: (store) =>
      store
        .dispatch(
          communicationsApi.endpoints.recordCommunication.initiate({
            orderId: 'O1',
            communication: criticalCall,
          }),
        )
        .unwrap(),
    path: '/api/v1/orders/O1/report/communications',
    body: criticalCall,
  },
  whoAmI: {
    call: (store) => store.dispatch(teachingApi.endpoints.whoAmI.initiate()).unwrap(),
    path: '/api/v1/me',
    body: null,
  },
  sendForReview: {
    call: (store) => {
      signedInAs(apiBackend, ['trainee'])
      apiBackend.orders[0]!.report = buildReport({ sections })
      return store
        .dispatch(teachingApi.endpoints.sendForReview.initiate({ orderId: 'O1' }))
        .unwrap()
    },
    path: '/api/v1/orders/O1/report/preliminary',
    body: {},
  },
  returnToTrainee: {
    call: (store) => {
      awaitingReview(apiBackend.orders[0]!)
      return store
        .dispatch(
          teachingApi.endpoints.returnToTrainee.initiate({ orderId: 'O1', comment: 'Recheck.' }),
        )
        .unwrap()
    },
    path: '/api/v1/orders/O1/report/return',
    body: { comment: 'Recheck.' },
  },
  listUsers: {
    call: (store) => store.dispatch(adminApi.endpoints.listUsers.initiate()).unwrap(),
    path: '/api/v1/admin/users',
    body: null,
  },
  updateUser: {
    call: (store) =>
      store
        .dispatch(adminApi.endpoints.updateUser.initiate({ id: 'U-tess', roles: ['trainee'] }))
        .unwrap(),
    path: '/api/v1/admin/users/U-tess',
    body: { roles: ['trainee'] },
  },
  listAuditEvents: {
    call: (store) =>
      store.dispatch(adminApi.endpoints.listAuditEvents.initiate({ kind: 'sign_in' })).unwrap(),
    path: '/api/v1/admin/audit',
    body: null,
  },
  exportAuditEvents: {
    call: (store) =>
      store.dispatch(adminApi.endpoints.exportAuditEvents.initiate({ user: 'U-tess' })).unwrap(),
    path: '/api/v1/admin/audit/export',
    body: null,
  },
  askPeerReview: {
    call: (store) => store.dispatch(peerReviewApi.endpoints.askPeerReview.initiate('O1')).unwrap(),
    path: '/api/v1/orders/O1/peer-review',
    body: null,
  },
  recordPeerReview: {
    call: (store) =>
      store
        .dispatch(
          peerReviewApi.endpoints.recordPeerReview.initiate({
            order_id: 'O2',
            score: '2a',
            comment: 'Subtle.',
          }),
        )
        .unwrap(),
    path: '/api/v1/peer-reviews',
    body: { order_id: 'O2', score: '2a', comment: 'Subtle.' },
  },
  listMyPeerReviews: {
    call: (store) => store.dispatch(peerReviewApi.endpoints.listMyPeerReviews.initiate()).unwrap(),
    path: '/api/v1/peer-reviews/mine',
    body: null,
  },
  peerReviewRates: {
    call: (store) =>
      store
        .dispatch(peerReviewApi.endpoints.peerReviewRates.initiate({ from: '2026-11-01' }))
        .unwrap(),
    path: '/api/v1/admin/peer-reviews',
    body: null,
  },
  listFollowUps: {
    call: (store) =>
      store
        .dispatch(followUpsApi.endpoints.listFollowUps.initiate({ status: ['open', 'overdue'] }))
        .unwrap(),
    path: '/api/v1/follow-ups',
    body: null,
  },
  resolveFollowUp: {
    call: (store) => {
      const source = apiBackend.orders[0]
      if (!source) throw new Error('the demo data has orders')
      apiBackend.followUps.items.push(buildFollowUp(source, { id: 'FU-E1' }))
      return store
        .dispatch(
          followUpsApi.endpoints.resolveFollowUp.initiate({
            id: 'FU-E1',
            status: 'declined',
            reason: 'Patient declined.',
          }),
        )
        .unwrap()
    },
    path: '/api/v1/follow-ups/FU-E1',
    body: { status: 'declined', reason: 'Patient declined.' },
  },
  turnaroundStats: {
    call: (store) =>
      store.dispatch(statsApi.endpoints.turnaroundStats.initiate({ by: 'modality' })).unwrap(),
    path: '/api/v1/stats/turnaround',
    body: null,
  },
  volumeStats: {
    call: (store) => store.dispatch(statsApi.endpoints.volumeStats.initiate({})).unwrap(),
    path: '/api/v1/stats/volume',
    body: null,
  },
  criticalCommunicationStats: {
    call: (store) =>
      store
        .dispatch(statsApi.endpoints.criticalCommunicationStats.initiate({ from: '2026-11-01' }))
        .unwrap(),
    path: '/api/v1/stats/critical-communication',
    body: null,
  },
  followUpStats: {
    call: (store) =>
      store.dispatch(statsApi.endpoints.followUpStats.initiate({ to: '2026-11-20' })).unwrap(),
    path: '/api/v1/stats/follow-ups',
    body: null,
  },
}

describe('the API endpoints', () => {
  it('API-1 every contract route has an endpoint of the same name', () => {
    const endpointNames = Object.keys(baseApi.endpoints)
    for (const route of Object.keys(routes)) expect(endpointNames).toContain(route)
    expect(Object.keys(cases).sort()).toEqual(Object.keys(routes).sort())
  })

  it.each(Object.keys(routes) as RouteName[])(
    'API-1 API-2 %s sends the contract method, path and JSON body, with credentials and the bearer token',
    async (route) => {
      const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 'session-jwt-1' }) })
      const testCase = cases[route]

      await testCase.call(store)

      const sent = apiBackend.requestsTo(route)
      expect(sent).toHaveLength(1)
      const [request] = sent
      expect(request?.method).toBe(routes[route].method)
      expect(request?.path).toBe(testCase.path)
      expect(request?.body).toEqual(testCase.body)
      expect(request?.credentials).toBe('include')
      expect(request?.headers.get('authorization')).toBe('Bearer session-jwt-1')
      if (testCase.body !== null)
        expect(request?.headers.get('content-type')).toBe('application/json')
    },
  )

  it('API-2 sends no Authorization header when there is no session', async () => {
    const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: null }) })

    await store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap()

    expect(apiBackend.requestsTo('listOrders')[0]?.headers.has('authorization')).toBe(false)
  })

  it('API-1 answers come back typed and validated', async () => {
    const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 't' }) })

    const order = await store.dispatch(ordersApi.endpoints.getOrder.initiate('O2')).unwrap()
    const cleared = await store
      .dispatch(conversationApi.endpoints.clearConversation.initiate('O1'))
      .unwrap()
    const token = await store.dispatch(speechApi.endpoints.speechToken.initiate()).unwrap()

    expect(order).toMatchObject({ id: 'O2', priority: 'stat', patient: { last_name: 'Turing' } })
    expect(cleared).toBeNull()
    expect(token).toEqual({ token: 'speech-token-1', region: 'local' })
  })
})
