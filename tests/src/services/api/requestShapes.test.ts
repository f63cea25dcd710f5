import { describe, expect, it } from 'vitest'
import { apiRequest, routeUrl } from '../../../../src/services/api/apiRequest'
import { listAnswer, unwrapListAnswer } from '../../../../src/services/api/listAnswer'
import { patientSchema } from '../../../../contract'
import { buildPatient } from '../../../support/msw/data'

describe('requests built from the contract', () => {
  it('API-1 fills and encodes path parameters', () => {
    expect(
      routeUrl('/orders/:id/messages/:messageId/rating', { id: 'O 1/2', messageId: 'M?3' }),
    ).toBe('/orders/O%201%2F2/messages/M%3F3/rating')
    expect(() => routeUrl('/orders/:id', {})).toThrow(/"id"/)
  })

  it("API-1 takes method and path from the contract's route table", () => {
    expect(
      apiRequest('rateMessage', { params: { id: 'O1', messageId: 'M2' }, body: { rating: null } }),
    ).toEqual({
      url: '/orders/O1/messages/M2/rating',
      method: 'PATCH',
      body: { rating: null },
    })
    expect(apiRequest('listOrders', {})).toEqual({ url: '/orders', method: 'GET' })
  })
})

describe('list answers', () => {
  it('API-6 unwraps an object holding exactly one array and leaves anything else alone', () => {
    expect(unwrapListAnswer([1])).toEqual([1])
    expect(unwrapListAnswer({ items: [1], total: 1 })).toEqual([1])
    expect(unwrapListAnswer({ a: [1], b: [2] })).toEqual({ a: [1], b: [2] })
    expect(unwrapListAnswer({ total: 1 })).toEqual({ total: 1 })
    expect(unwrapListAnswer(null)).toBeNull()
  })

  it('API-6 validates every item of the list', async () => {
    const schema = listAnswer(patientSchema)
    const patient = buildPatient()

    expect(await schema['~standard'].validate({ patients: [patient] })).toEqual({
      value: [patient],
    })
    const refused = await schema['~standard'].validate({ patients: [{ ...patient, sex: 'robot' }] })
    expect('issues' in refused && refused.issues?.[0]?.path).toEqual([0, 'sex'])
  })
})
