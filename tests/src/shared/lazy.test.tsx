/**
 * A screen that waits for a lazy part's code with `useDownloaded` says so itself and never
 * suspends: React 19 holds a boundary's content up to 300 ms after its fallback was shown, which
 * is what the signed-in screen lost when the workspace's code came after the session (RT-3).
 */
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyComponent, useDownloaded, type LazyComponent } from '../../../src/shared/lazy'

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (error: unknown) => void = () => undefined
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function Screen({ part: Part }: { part: LazyComponent<object> }) {
  const downloaded = useDownloaded(Part)
  return downloaded ? <Part /> : <p>Loading...</p>
}

function renderScreen(part: LazyComponent<object>) {
  return render(
    <Suspense fallback={<p>Suspended</p>}>
      <Screen part={part} />
    </Suspense>,
  )
}

describe('useDownloaded', () => {
  it('RT-3 says Loading... while the code downloads, then shows the part, never suspending', async () => {
    const module = deferred<() => React.JSX.Element>()
    const Part = lazyComponent(() => module.promise)
    renderScreen(Part)

    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(Part.isLoaded()).toBe(false)

    await act(async () => {
      module.resolve(() => <p>The workspace</p>)
      await module.promise
    })

    expect(await screen.findByText('The workspace')).toBeInTheDocument()
    expect(screen.queryByText('Suspended')).not.toBeInTheDocument()
    expect(Part.isLoaded()).toBe(true)
  })

  it('RT-3 a part already there shows at once', async () => {
    const Part = lazyComponent(() => Promise.resolve(() => <p>The workspace</p>))
    await Part.prefetch()
    renderScreen(Part)

    expect(screen.getByText('The workspace')).toBeInTheDocument()
  })

  it('RT-3 a failed download is left to the part, which asks again as React.lazy does', async () => {
    let attempts = 0
    const Part = lazyComponent(() => {
      attempts += 1
      return attempts === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve(() => <p>The workspace</p>)
    })
    renderScreen(Part)

    // The first download failed: the part renders, suspends and downloads again.
    expect(await screen.findByText('The workspace')).toBeInTheDocument()
    expect(attempts).toBe(2)
  })
})
