/** The page being hidden, when a test says so: a page-hide source (src/services/page/pageHide.ts). */
import type { PageHideSource } from '../../src/services/page/pageHide'

export class FakePageHide {
  private readonly listeners = new Set<() => void>()

  readonly source: PageHideSource = (listener) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** The browser hides the page (a reload, a closed tab, another tab in front). */
  hide(): void {
    for (const listener of [...this.listeners]) listener()
  }
}
