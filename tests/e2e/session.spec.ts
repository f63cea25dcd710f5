import { expect, test } from '@playwright/test'
import { shot, signIn } from './support'

const password = 'correct horse battery'

test.describe('signing up, staying signed in, logging out', () => {
  test('RT-2 LG-1 LG-2 LG-5 ID-2 a new user signs up, lands on /, survives a reload and logs out', async ({
    page,
  }) => {
    const email = `reader-${Date.now()}@hospital.test`

    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText(/^Readout v\d+\.\d+\.\d+$/).first()).toBeVisible()
    await expect(page).toHaveTitle(/^Readout v\d+\.\d+\.\d+$/)

    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Continue' }).click()
    // LG-5: no account exists for the address yet; the card says so and asks for the name.
    await expect(page.getByText(`No account exists for ${email} yet.`)).toBeVisible()
    await page.getByLabel('Full name').fill('Dr Reader Session')
    await page.screenshot({ path: shot('login-new-account') })
    await page.getByRole('button', { name: 'Create account' }).click()

    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await page.screenshot({ path: 'test-results/e2e/screens/signed-in.png' })

    await page.reload()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByLabel('Email')).toBeVisible()

    // The session is really over: going back to / lands on the login page again.
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('RT-1 a signed-in visitor of /login is sent to /, and the API answers with their session', async ({
    page,
  }) => {
    const email = `reader-b-${Date.now()}@hospital.test`
    await page.goto('/login')
    await signIn(page, email)
    await expect(page).toHaveURL(/\/$/)

    await page.goto('/login')
    await expect(page).toHaveURL(/\/$/)

    // Signing in again later with the same account works, a wrong password does not.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the API refuses calls without a session', async ({ request }) => {
    const res = await request.get('/api/v1/orders')
    expect(res.status()).toBe(401)
    expect(await res.json()).toMatchObject({ error: 'unauthorized' })
  })
})
