/**
 * The requests the API benchmark (bench-api.ts) measures, one row each, with what they send: the
 * worklist, one order, initializing fresh orders, a question and a report text posted to the
 * assistant, a long conversation's list, a report saved, and a dictation of about 300 words
 * cleaned up.
 */
import { performance } from 'node:perf_hooks'
import { orderListSchema, patientListSchema, type Order } from '../contract'
import { measure, RUNS, WARM_UP, type Client, type Row } from './benchApiClient'

/** Messages in the conversation whose list is measured (each POST adds a question and a reply). */
export const LONG_CONVERSATION = 200

const QUESTION = 'What is the indication?'
const REPORT_TEXT =
  'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.'
const DICTATION_SENTENCES = [
  'findings colon the lungs are clear comma without focal consolidation comma effusion or pneumothorax period',
  'um there is a five millimeter solid nodule in the right upper lobe comma series three image forty two period',
  'the heart size is normal period no pericardial effusion period new line',
  'the liver measures sixteen point five centimeters comma with no focal lesion period',
  'uh a simple cyst in the left kidney measures two by three centimeters comma twelve hounsfield units period',
  'degenerative changes at l four l five comma without compression fracture period new paragraph',
  'impression colon indeterminate five millimeter pulmonary nodule in the right upper lobe period',
  'recommend follow up ct chest in twelve months per fleischner society guidelines period',
]

/** Dictation of about 300 words, the kind the report editor sends to cleanup. */
function dictation(words: number): string {
  const parts: string[] = []
  let count = 0
  for (let i = 0; count < words; i++) {
    const sentence = DICTATION_SENTENCES[i % DICTATION_SENTENCES.length] ?? ''
    parts.push(sentence)
    count += sentence.split(' ').length
  }
  return parts.join(' ')
}

/**
 * Measures every row through `api` (the signed-in clinician's client of /api/v1), in order.
 * Answers the rows, the orders the worklist listed, and how long building the long conversation
 * took.
 */
export async function measureRequests(
  api: Client,
): Promise<{ rows: Row[]; orders: Order[]; fillTime: number }> {
  const orders: Order[] = orderListSchema.parse(
    JSON.parse((await api.send('GET', '/orders')).body.toString()),
  )
  // Synthetic orders come last and have no conversation yet: a fresh one per use.
  let nextFresh = orders.length - 1
  const freshOrder = (): Order => {
    const order = orders[nextFresh--]
    if (!order) throw new Error('Ran out of fresh orders')
    return order
  }
  const oneOrder = orders[0] ?? freshOrder()

  const rows: Row[] = []
  rows.push(
    await measure(
      'GET /orders',
      () => api.send('GET', '/orders'),
      (last) => {
        const n = orderListSchema.parse(JSON.parse(last.body.toString())).length
        return `${String(n)} orders`
      },
    ),
  )
  rows.push(
    await measure(
      'GET /patients',
      () => api.send('GET', '/patients'),
      (last) => {
        const n = patientListSchema.parse(JSON.parse(last.body.toString())).length
        return `${String(n)} patients`
      },
    ),
  )
  rows.push(await measure('GET /orders/{id}', () => api.send('GET', `/orders/${oneOrder.id}`)))

  const initializeOrders = Array.from({ length: WARM_UP + RUNS }, freshOrder)
  rows.push(
    await measure(
      'POST /orders/{id}/initialize',
      (i) => api.send('POST', `/orders/${initializeOrders[i]?.id ?? ''}/initialize`),
      () => 'a fresh order each time',
    ),
  )

  const questionOrder = freshOrder()
  rows.push(
    await measure(
      'POST /orders/{id}/messages',
      () => api.send('POST', `/orders/${questionOrder.id}/messages`, { content: QUESTION }),
      () => 'question, no report update',
    ),
  )
  const reportOrder = freshOrder()
  rows.push(
    await measure(
      'POST /orders/{id}/messages',
      () => api.send('POST', `/orders/${reportOrder.id}/messages`, { content: REPORT_TEXT }),
      (last) => {
        const { report_updated } = JSON.parse(last.body.toString()) as { report_updated: boolean }
        return report_updated ? 'findings + impression, updates the report' : 'report NOT updated'
      },
    ),
  )

  // A long conversation, built through the API: every exchange stores two messages.
  const longOrder = freshOrder()
  const t = performance.now()
  for (let i = 0; i < LONG_CONVERSATION / 2; i++) {
    await api.send('POST', `/orders/${longOrder.id}/messages`, {
      content: i % 2 === 0 ? QUESTION : REPORT_TEXT,
    })
  }
  const fillTime = performance.now() - t
  rows.push(
    await measure(
      'GET /orders/{id}/messages',
      () => api.send('GET', `/orders/${longOrder.id}/messages`),
      (last) => {
        const n = (JSON.parse(last.body.toString()) as unknown[]).length
        return `${String(n)} messages`
      },
    ),
  )

  const savedOrder = freshOrder()
  rows.push(
    await measure(
      'PUT /orders/{id}/report',
      (i) =>
        api.send('PUT', `/orders/${savedOrder.id}/report`, {
          sections: {
            history: oneOrder.indication,
            technique: 'CT of the chest without contrast.',
            comparison: 'None.',
            findings: `5 mm nodule in the right upper lobe (edit ${String(i)}).`,
            impression: 'Indeterminate pulmonary nodule.',
          },
        }),
      () => 'all five sections',
    ),
  )

  const text = dictation(300)
  rows.push(
    await measure(
      'POST /speech/cleanup',
      () => api.send('POST', '/speech/cleanup', { text, modality: 'CT', body_part: 'Chest' }),
      () => `${String(text.split(' ').length)} words`,
    ),
  )
  rows.push(
    await measure(
      'POST /speech/phrases',
      () => api.send('POST', '/speech/phrases', { modality: 'CT', body_part: 'Chest' }),
      (last) => `${String((JSON.parse(last.body.toString()) as { count: number }).count)} phrases`,
    ),
  )
  return { rows, orders, fillTime }
}
