/**
 * PEER-15..PEER-22: the question on opening a study, with the real store and the in-memory
 * /api/v1: a region beside the report (never a dialog, never taking focus) with the prior's
 * Findings and Impression and no author; 'RADPEER score', 'Comment' required unless 1, 'Submit
 * score' and 'Not now'; a refusal in the server's words.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { apiBackend, server } from '../../../support/msw/server'
import { routePattern } from '../../../support/msw/apiBackend'
import { askedOnOpening, PRIOR, PROMPT_TEXT, signedInApp } from './support'

const SCORE_NAMES = [
  '1 — Concur with interpretation',
  '2a — Discrepancy, understandable miss, unlikely clinically significant',
  '2b — Discrepancy, understandable miss, likely clinically significant',
  '3a — Discrepancy, should be made most of the time, unlikely clinically significant',
  '3b — Discrepancy, should be made most of the time, likely clinically significant',
]

describe("peer review's question on opening a study", () => {
  it('PEER-15 a radiologist opening a study is shown the prior to score in a region, not a dialog, and keeps their focus', async () => {
    const { region } = await askedOnOpening()
    expect(apiBackend.requestsTo('askPeerReview')[0]?.path).toBe('/api/v1/orders/O1/peer-review')
    expect(within(region).getByText(PROMPT_TEXT)).toBeInTheDocument()
    expect(within(region).getByText(PRIOR.sections.findings)).toBeInTheDocument()
    expect(within(region).getByText(PRIOR.sections.impression)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(region.contains(document.activeElement)).toBe(false)
    // The report is still there to read and write.
    expect(screen.getByRole('textbox', { name: 'Impression' })).toBeInTheDocument()
  })

  it('PEER-16 names no author anywhere: the region holds the study and its words only', async () => {
    const { region } = await askedOnOpening()
    expect(region.textContent).not.toMatch(/\bDr\b|signed by|author/i)
    expect(within(region).queryByRole('textbox', { name: 'Findings' })).toBeNull()
  })

  it("PEER-17 offers the radio group 'RADPEER score' with the five scores, and 'Comment' required unless 1", async () => {
    const { region } = await askedOnOpening()
    const group = within(region).getByRole('radiogroup', { name: 'RADPEER score' })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2a', '2b', '3a', '3b'])
    for (const name of SCORE_NAMES)
      expect(within(group).getByRole('radio', { name })).not.toBeChecked()
    expect(within(region).getByRole('textbox', { name: 'Comment' })).toBeInTheDocument()
    expect(within(region).getByText('Required unless the score is 1.')).toBeInTheDocument()
  })

  it("PEER-18 PEER-30 'Submit score' sends the score and the study it was asked on; 'Score recorded.' shows and the region closes", async () => {
    const { view, region } = await askedOnOpening()
    await view.user.click(within(region).getByRole('radio', { name: SCORE_NAMES[0] }))
    await view.user.click(within(region).getByRole('button', { name: 'Submit score' }))

    expect(await screen.findByText('Score recorded.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Peer review' })).toBeNull()
    expect(apiBackend.requestsTo('recordPeerReview')[0]?.body).toEqual({
      order_id: PRIOR.order_id,
      asked_on_order_id: 'O1',
      score: '1',
      comment: '',
    })
  })

  it('PEER-19 a discrepancy without a comment is not sent; with one it is', async () => {
    const { view, region } = await askedOnOpening()
    await view.user.click(within(region).getByRole('radio', { name: SCORE_NAMES[2] }))
    await view.user.click(within(region).getByRole('button', { name: 'Submit score' }))
    expect(
      await within(region).findByText('A comment is required for any score but 1.'),
    ).toBeInTheDocument()
    expect(apiBackend.requestsTo('recordPeerReview')).toHaveLength(0)

    await view.user.type(
      within(region).getByRole('textbox', { name: 'Comment' }),
      'The nodule needed a follow-up.',
    )
    await view.user.click(within(region).getByRole('button', { name: 'Submit score' }))
    await screen.findByText('Score recorded.')
    expect(apiBackend.requestsTo('recordPeerReview')[0]?.body).toEqual({
      order_id: PRIOR.order_id,
      asked_on_order_id: 'O1',
      score: '2b',
      comment: 'The nodule needed a follow-up.',
    })
  })

  it('PEER-19 nothing is sent before a score is chosen', async () => {
    const { view, region } = await askedOnOpening()
    await view.user.click(within(region).getByRole('button', { name: 'Submit score' }))
    expect(await within(region).findByText('Choose a RADPEER score.')).toBeInTheDocument()
    expect(apiBackend.requestsTo('recordPeerReview')).toHaveLength(0)
  })

  it("PEER-20 'Not now' closes it for this study for the session: reopening the study does not ask again", async () => {
    const { view, region } = await askedOnOpening()
    await view.user.click(within(region).getByRole('button', { name: 'Not now' }))
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Peer review' })).toBeNull()
    })

    await view.router.navigate('/?study=O2')
    await screen.findByRole('region', { name: 'Peer review' })
    await view.router.navigate('/?study=O1')
    await waitFor(() => {
      expect(view.router.state.location.search).toBe('?study=O1')
    })
    // O2's question leaves with O2; O1's, answered, is not asked for again.
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Peer review' })).toBeNull()
    })
    expect(apiBackend.requestsTo('askPeerReview').map((request) => request.path)).toEqual([
      '/api/v1/orders/O1/peer-review',
      '/api/v1/orders/O2/peer-review',
    ])
    expect(apiBackend.requestsTo('recordPeerReview')).toHaveLength(0)
  })

  it("PEER-21 a refusal shows the server's message and keeps the region", async () => {
    apiBackend.peerReview.refuse = {
      status: 409,
      error: 'peer_review_exists',
      message: 'You have already scored this report.',
    }
    const { view, region } = await askedOnOpening()
    await view.user.click(within(region).getByRole('radio', { name: SCORE_NAMES[0] }))
    await view.user.click(within(region).getByRole('button', { name: 'Submit score' }))
    expect(
      await within(region).findByText('You have already scored this report.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Peer review' })).toBeInTheDocument()
    expect(screen.queryByText('Score recorded.')).toBeNull()
  })

  it('PEER-22 nothing is shown when the server asks nothing', async () => {
    await signedInApp('/?study=O1', ['radiologist'])
    await screen.findByRole('textbox', { name: 'Impression' })
    await waitFor(() => {
      expect(apiBackend.requestsTo('askPeerReview')).toHaveLength(1)
    })
    expect(screen.queryByRole('region', { name: 'Peer review' })).toBeNull()
  })

  it('PEER-29 a backend without peer review (404) shows no region and logs information, not an error', async () => {
    server.use(
      http.get(routePattern('askPeerReview'), () =>
        HttpResponse.json({ error: 'not_found', message: 'no route' }, { status: 404 }),
      ),
    )
    const view = await signedInApp('/?study=O1', ['radiologist'])
    await screen.findByRole('textbox', { name: 'Impression' })
    await waitFor(() => {
      expect(view.deps.logger.events('info')).toContain('api/routeAbsent')
    })
    expect(view.deps.logger.events('error')).not.toContain('api/requestFailed')
    expect(screen.queryByRole('region', { name: 'Peer review' })).toBeNull()
  })

  it('PEER-22 a trainee is never asked', async () => {
    apiBackend.peerReview.ask = PRIOR
    await signedInApp('/?study=O1', ['trainee'])
    await screen.findByRole('textbox', { name: 'Impression' })
    expect(apiBackend.requestsTo('askPeerReview')).toHaveLength(0)
    expect(screen.queryByRole('region', { name: 'Peer review' })).toBeNull()
  })
})
