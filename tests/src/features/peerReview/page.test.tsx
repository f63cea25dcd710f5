/**
 * PEER-23..PEER-28: the 'Peer review' view with the real store and router: a radiologist's
 * 'Scores of my reports' (counts and a table, reviewers never named), 'No scores yet.' when none,
 * and an admin's 'Rates by radiologist' over the days chosen, rates as percentages.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildPeerReview } from '../../../support/msw/peerReviewBackend'
import { apiBackend } from '../../../support/msw/server'
import { signedInApp } from './support'

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe("the 'Peer review' view", () => {
  it('PEER-23 a radiologist reads the scores of their reports: counts per score and Study, Date, Score, Comment', async () => {
    apiBackend.peerReview.mine = {
      items: [
        buildPeerReview({ created_at: '2026-11-03T12:00:00.000Z' }),
        buildPeerReview({
          id: 'PR2',
          score: '1',
          comment: '',
          study_description: 'CR Chest PA',
          accession_number: 'ACC-2',
          created_at: '2026-11-02T12:00:00.000Z',
        }),
      ],
      by_score: { '1': 1, '2a': 0, '2b': 1, '3a': 0, '3b': 0 },
    }
    await signedInApp('/peer-review', ['radiologist'])
    await screen.findByRole('heading', { level: 1, name: 'Peer review' })
    const section = screen.getByRole('region', { name: 'Scores of my reports' })
    const table = await within(section).findByRole('table', { name: 'Scores of my reports' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Study', 'Date', 'Score', 'Comment'])
    expect(bodyRows(table).map(cells)).toEqual([
      [
        'CT Chest without contrast · ACC-PRIOR',
        '2026-11-03',
        '2b',
        'The nodule needed a follow-up.',
      ],
      ['CR Chest PA · ACC-2', '2026-11-02', '1', ''],
    ])
    const counts = within(section).getByRole('list', { name: 'Counts per score' })
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1: 1', '2a: 0', '2b: 1', '3a: 0', '3b: 0'])
    // Not an admin: no rates.
    expect(screen.queryByRole('region', { name: 'Rates by radiologist' })).toBeNull()
    expect(apiBackend.requestsTo('peerReviewRates')).toHaveLength(0)
  })

  it("PEER-24 no scores yet says 'No scores yet.'", async () => {
    await signedInApp('/peer-review', ['radiologist'])
    expect(await screen.findByText('No scores yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Scores of my reports' })).toBeNull()
  })

  it('PEER-25 a scored report shows its score and comment, never who gave it', async () => {
    apiBackend.peerReview.mine = {
      items: [buildPeerReview()],
      by_score: { '1': 0, '2a': 0, '2b': 1, '3a': 0, '3b': 0 },
    }
    await signedInApp('/peer-review', ['radiologist'])
    const table = await screen.findByRole('table', { name: 'Scores of my reports' })
    expect(table.textContent).not.toMatch(/reviewer|\bDr\b/i)
  })

  it('PEER-26 an admin reads the rates by radiologist, as percentages', async () => {
    apiBackend.peerReview.rates = [
      {
        user_id: 'U-ada',
        name: 'Dr Ada Author',
        reviews: 3,
        by_score: { '1': 2, '2a': 0, '2b': 1, '3a': 0, '3b': 0 },
        discrepancy_rate: 1 / 3,
        significant_rate: 1 / 3,
      },
    ]
    await signedInApp('/peer-review', ['radiologist', 'admin'])
    const section = await screen.findByRole('region', { name: 'Rates by radiologist' })
    const table = await within(section).findByRole('table', { name: 'Rates by radiologist' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Radiologist',
      'Reviews',
      '1',
      '2a',
      '2b',
      '3a',
      '3b',
      'Discrepancy rate',
      'Significant rate',
    ])
    expect(bodyRows(table).map(cells)).toEqual([
      ['Dr Ada Author', '3', '2', '0', '1', '0', '0', '33.3%', '33.3%'],
    ])
  })

  it('PEER-27 the From and To days narrow the rates', async () => {
    const view = await signedInApp('/peer-review', ['radiologist', 'admin'])
    const section = await screen.findByRole('region', { name: 'Rates by radiologist' })
    await within(section).findByText('No reports were scored in these days.')
    const from = within(section).getByLabelText('From')
    await view.user.type(from, '2026-11-01')
    await waitFor(() => {
      expect(apiBackend.requestsTo('peerReviewRates').at(-1)?.query?.get('from')).toBe('2026-11-01')
    })
    expect(apiBackend.requestsTo('peerReviewRates').at(-1)?.query?.has('to')).toBe(false)
  })
})
