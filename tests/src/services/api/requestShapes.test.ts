import { describe, expect, it } from 'vitest'
import { apiRequest, routeUrl } from '../../../../src/services/api/apiRequest'

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
      route: 'rateMessage',
      url: '/orders/O1/messages/M2/rating',
      method: 'PATCH',
      body: { rating: null },
    })
    expect(apiRequest('listOrders', {})).toEqual({
      route: 'listOrders',
      url: '/orders',
      method: 'GET',
    })
  })
})
