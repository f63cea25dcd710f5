/**
 * Helpers of peer review's screen tests: the whole app (real store, sagas, router) against the
 * in-memory /api/v1, signed in with the roles GET /me answers.
 */
import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { UserRole } from '../../../../contract'
import { buildPrior } from '../../../support/msw/peerReviewBackend'
import { apiBackend, identityBackend } from '../../../support/msw/server'
import { signedInAs } from '../../../support/msw/teachingBackend'
import { renderApp, type RenderAppResult } from '../../../support/render'

/** Noon UTC: the same day wherever the tests run. */
export const PRIOR = buildPrior({ ordered_at: '2026-10-01T12:00:00.000Z' })
export const PROMPT_TEXT = 'Score the prior report of 2026-10-01 (CT Chest without contrast)'

/** The app at `route` for a user holding `roles`, once /me has answered. */
export async function signedInApp(route: string, roles: UserRole[]): Promise<RenderAppResult> {
  signedInAs(apiBackend, roles, { name: 'Dr Ben Reviewer' })
  identityBackend.rememberSession('ben@example.org')
  const view = renderApp({ route })
  await screen.findByRole('button', { name: 'Log out' })
  await waitFor(() => {
    expect(apiBackend.requestsTo('whoAmI').length).toBeGreaterThan(0)
  })
  return view
}

/** A radiologist opening O1, asked about PRIOR. */
export async function askedOnOpening(): Promise<{ view: RenderAppResult; region: HTMLElement }> {
  apiBackend.peerReview.ask = PRIOR
  const view = await signedInApp('/?study=O1', ['radiologist'])
  const region = await screen.findByRole('region', { name: 'Peer review' })
  return { view, region }
}
