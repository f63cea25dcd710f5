/** The seeded studies without a report, handed out one at a time to the tests of one server. */
import { orderListSchema } from '../../contract'
import type { TestApp } from './testApp'

export async function freshStudies(t: TestApp, token: string): Promise<() => string> {
  const free = orderListSchema
    .parse((await t.api('GET', '/orders', { token })).json())
    .filter((order) => order.report === null)
    .map((order) => order.id)
  return () => {
    const id = free.shift()
    if (!id) throw new Error('the seed has run out of studies')
    return id
  }
}
