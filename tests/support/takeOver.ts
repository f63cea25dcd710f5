/**
 * The question a clinician meets opening a study someone else reads (CLM-7): the tests whose
 * story is elsewhere (drafts on a shared workstation) answer it and go on.
 */
import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'

/** Waits for 'NAME is reading this study. Take over?' and answers 'Cancel': reading only. */
export async function readWithoutTakingOver(user: UserEvent, holderName: string): Promise<void> {
  const dialog = await screen.findByRole('alertdialog')
  expect(dialog).toHaveTextContent(`${holderName} is reading this study. Take over?`)
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull()
}
