/**
 * QA-10, QA-11: POST /orders/{id}/report/check on the real server, PGlite and PostgreSQL. It
 * checks the sections the editor sends (saved or not) or the saved report, changes nothing,
 * answers 404 for an unknown order, 400 for a malformed request, 401 without a session, and
 * logs none of the text it read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checkReportAnswerSchema,
  errorSchema,
  orderListSchema,
  orderSchema,
  type Order,
} from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const CLINICAL_MARK = 'Zircon-4471'

describe.skipIf(skipDatabase)('the pre-sign check route', () => {
  let t: TestApp
  let token: string
  let kneeLeft: Order
  let other: Order
  const lines: string[] = []

  beforeAll(async () => {
    t = await startTestApp({
      logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    })
    token = (await t.signUp(undefined, 'Dr Check Reader')).token
    const orders = orderListSchema.parse((await t.api('GET', '/orders', { token })).json())
    const knee = orders.find(
      (o) => /\bknee\b/i.test(o.study_description) && /\bleft\b/i.test(o.study_description),
    )
    if (!knee) throw new Error('the demo worklist has no left knee study')
    kneeLeft = knee
    const rest = orders.find((o) => o.id !== knee.id && o.report === null)
    if (!rest) throw new Error('the demo worklist has no study without a report')
    other = rest
  })
  afterAll(() => t.close())

  const check = async (id: string, body?: unknown) => {
    const answer = await t.api('POST', `/orders/${id}/report/check`, { token, body })
    return { status: answer.statusCode, json: answer.json<unknown>() }
  }

  it('QA-10 checks the sections sent, unsaved, against the order: a right knee in a left knee study blocks', async () => {
    const before = orderSchema.parse(
      (await t.api('GET', `/orders/${kneeLeft.id}`, { token })).json(),
    )
    const { status, json } = await check(kneeLeft.id, {
      sections: {
        history: `Pain ${CLINICAL_MARK}.`,
        technique: 'Three views.',
        comparison: 'None.',
        findings: `Moderate right knee effusion ${CLINICAL_MARK}.`,
        impression: 'Effusion.',
      },
    })
    expect(status).toBe(200)
    const { issues } = checkReportAnswerSchema.parse(json)
    expect(issues).toEqual([
      {
        code: 'laterality',
        severity: 'block',
        section: 'findings',
        message: 'The order is for the left knee; this names the right.',
        excerpt: `Moderate right knee effusion ${CLINICAL_MARK}.`,
      },
    ])
    // Nothing was saved.
    const after = orderSchema.parse(
      (await t.api('GET', `/orders/${kneeLeft.id}`, { token })).json(),
    )
    expect(after.report).toEqual(before.report)
  })

  it('QA-10 without sections checks the saved report; a study without one is all empty', async () => {
    const empty = checkReportAnswerSchema.parse((await check(other.id)).json)
    expect(empty.issues.map((i) => [i.code, i.severity, i.section])).toEqual([
      ['empty_section', 'warn', 'history'],
      ['empty_section', 'warn', 'technique'],
      ['empty_section', 'warn', 'comparison'],
      ['empty_section', 'warn', 'findings'],
      ['empty_section', 'warn', 'impression'],
    ])
    const sections = {
      history: 'Dyspnoea.',
      technique: 'Standard.',
      comparison: 'None.',
      findings: 'Small right apical pneumothorax. No pleural effusion.',
      impression: 'Right pneumothorax.',
    }
    const saved = await t.api('PUT', `/orders/${other.id}/report`, { token, body: { sections } })
    expect(saved.statusCode).toBe(200)
    for (const body of [undefined, {}]) {
      const { status, json } = await check(other.id, body)
      expect(status).toBe(200)
      const critical = checkReportAnswerSchema
        .parse(json)
        .issues.filter((issue) => issue.code === 'critical')
      // Stated in Findings and Impression, listed once, where first stated (CR-23).
      expect(critical.map((issue) => [issue.section, issue.severity, issue.message])).toEqual([
        [
          'findings',
          'block',
          'Critical finding: pneumothorax. Communicate it and record the communication.',
        ],
      ])
    }
  })

  it('QA-23 a right-sided effusion, no structure named, in a left knee study blocks', async () => {
    const { status, json } = await check(kneeLeft.id, {
      sections: {
        history: '',
        technique: 'Three views.',
        comparison: 'None.',
        findings: 'Small right-sided effusion.',
        impression: 'No acute abnormality.',
      },
    })
    expect(status).toBe(200)
    expect(
      checkReportAnswerSchema.parse(json).issues.filter((i) => i.code === 'laterality'),
    ).toEqual([
      {
        code: 'laterality',
        severity: 'block',
        section: 'findings',
        message: 'The order is for the left knee; this names the right side.',
        excerpt: 'Small right-sided effusion.',
      },
    ])
  })

  it('QA-11 an unknown order answers 404', async () => {
    const { status, json } = await check('no-such-order', { sections: undefined })
    expect(status).toBe(404)
    expect(json).toMatchObject({ error: 'not_found' })
  })

  it.each([
    ['an unknown key', { sections: { findings: 'x' }, extra: true }],
    ['a section missing', { sections: { findings: 'x', impression: 'y' } }],
    [
      'an unknown section',
      {
        sections: {
          history: '',
          technique: '',
          comparison: '',
          findings: '',
          impression: '',
          summary: '',
        },
      },
    ],
    [
      'a section that is not text',
      { sections: { history: '', technique: '', comparison: '', findings: 5, impression: '' } },
    ],
    [
      'a control character',
      {
        sections: {
          history: '',
          technique: '',
          comparison: '',
          findings: 'a\u0000b',
          impression: '',
        },
      },
    ],
    [
      'a section past the limit',
      {
        sections: {
          history: '',
          technique: '',
          comparison: '',
          findings: 'x'.repeat(50_001),
          impression: '',
        },
      },
    ],
    ['a list', [1, 2]],
    ['sections that are null', { sections: null }],
  ])('QA-11 %s answers 400, never 500', async (_, body) => {
    const { status, json } = await check(kneeLeft.id, body)
    expect(status).toBe(400)
    expect(errorSchema.safeParse(json).success).toBe(true)
  })

  it('QA-11 a request without a session answers 401', async () => {
    const answer = await t.api('POST', `/orders/${kneeLeft.id}/report/check`, {
      token: null,
      body: {},
    })
    expect(answer.statusCode).toBe(401)
  })

  it('QA-11 the log holds none of the text checked', () => {
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.filter((line) => line.includes(CLINICAL_MARK))).toEqual([])
    expect(lines.filter((line) => line.includes('pneumothorax'))).toEqual([])
  })
})
