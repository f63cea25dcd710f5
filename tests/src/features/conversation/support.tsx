/**
 * Helpers of the chat tests: render the chat of a study inside the app's real providers and
 * store, hold an API answer to look at the screen while a call is under way, and give the
 * conversation's scroll box a layout jsdom does not have.
 */
import { screen } from '@testing-library/react'
import { http, type HttpHandler } from 'msw'
import { beforeEach } from 'vitest'
import { Chat, type ChatProps } from '../../../../src/features/conversation'
import type { Message } from '../../../../contract'
import { routePattern } from '../../../support/msw/apiBackend'
import { buildMessage } from '../../../support/msw/data'
import { apiBackend, server } from '../../../support/msw/server'
import { renderWithProviders } from '../../../support/render'

export function renderChat(props: Partial<ChatProps> = {}) {
  return renderWithProviders(<Chat orderId="O1" {...props} />)
}

/** The conversation of order O1 on the backend, replaced by these messages. */
export function givenConversation(...messages: Partial<Message>[]): Message[] {
  const thread = messages.map((message) => buildMessage({ order_id: 'O1', ...message }))
  apiBackend.messages.set('O1', thread)
  return thread
}

/** A local wall-clock time as the server's ISO timestamp carries it. */
export const localTime = (hours: number, minutes: number) =>
  new Date(2025, 2, 4, hours, minutes).toISOString()

/**
 * A handler for `route` that answers once with `respond` and records the request like the
 * in-memory backend does, so `apiBackend.requestsTo(route)` still lists every call.
 */
export function answerOnce(
  route: 'sendMessage' | 'rateMessage' | 'listMessages',
  respond: () => Response | Promise<Response>,
): HttpHandler {
  const method = ({ sendMessage: 'post', rateMessage: 'patch', listMessages: 'get' } as const)[
    route
  ]
  return http[method](
    routePattern(route),
    async ({ request }) => {
      const text = await request.text()
      apiBackend.requests.push({
        route,
        method: request.method,
        path: new URL(request.url).pathname,
        body: text === '' ? null : (JSON.parse(text) as unknown),
        headers: request.headers,
        credentials: request.credentials,
      })
      return respond()
    },
    { once: true },
  )
}

/**
 * The next call to `route` waits until the returned `release` is called, then answers with
 * `answer`; later calls get the backend's usual answers.
 */
export function holdAnswer(
  route: 'sendMessage' | 'rateMessage' | 'listMessages',
  answer: () => Response,
): () => void {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  server.use(
    answerOnce(route, async () => {
      await released
      return answer()
    }),
  )
  return release
}

export const messageBox = () => screen.getByRole('textbox', { name: 'Message' })
export const sendButton = () => screen.getByRole('button', { name: 'Send message' })
export const conversationLog = () => screen.getByRole('log', { name: 'Messages' })

/**
 * jsdom lays nothing out: this gives the scroll box a content height the test controls and a
 * fixed viewport height, so the list's follow-the-bottom logic can be observed.
 */
export function layOut(element: HTMLElement, sizes: { clientHeight: number }) {
  let contentHeight = 0
  Object.defineProperty(element, 'clientHeight', {
    configurable: true,
    get: () => sizes.clientHeight,
  })
  Object.defineProperty(element, 'scrollHeight', {
    configurable: true,
    get: () => contentHeight,
  })
  return {
    setContentHeight(height: number) {
      contentHeight = height
    },
  }
}

/**
 * jsdom has no layout, and a virtualized list renders nothing in a viewport of height 0: each
 * test of the file gets a conversation viewport `height` px tall, and every rendered row
 * measures `rowHeight` px (0 by default, so a short conversation renders whole).
 */
export function giveConversationALayout({ height = 600, rowHeight = 0 } = {}) {
  beforeEach(() => {
    const restore = [
      stubGetter('clientHeight', (element) =>
        element.getAttribute('role') === 'log' ? height : 0,
      ),
      stubGetter('offsetHeight', (element) => (element.hasAttribute('data-index') ? rowHeight : 0)),
    ]
    return () => {
      for (const undo of restore) undo()
    }
  })
}

function stubGetter(name: 'clientHeight' | 'offsetHeight', get: (element: HTMLElement) => number) {
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)
  Object.defineProperty(HTMLElement.prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      return get(this)
    },
  })
  return () => {
    // jsdom defines offsetHeight on HTMLElement and clientHeight on Element.
    if (own) Object.defineProperty(HTMLElement.prototype, name, own)
    else Reflect.deleteProperty(HTMLElement.prototype, name)
  }
}
