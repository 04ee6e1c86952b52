import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] }

/**
 * Runs axe-core in the page (it walks open shadow roots, where the dialog lives) and returns the
 * serious and critical violations; within `selector` only when given (a part of the page).
 */
export async function seriousViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Colours are judged on the settled view, not halfway through its 150 ms fade-in or its height
  // transition (which clips the rows still outside it). The dialog lives in a shadow root, whose
  // animations document.getAnimations() leaves out; endless ones (spinners) are not waited for.
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round++) {
      const roots = [
        document,
        ...Array.from(document.querySelectorAll('*'), (element) => element.shadowRoot).filter(
          (root) => root !== null,
        ),
      ]
      const running = roots
        .flatMap((root) => root.getAnimations())
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.NaN),
        )
      if (running.length === 0) return
      await Promise.all(running.map((animation) => animation.finished.catch(() => {})))
      // A finished transition may start another (the height follows content that just loaded).
      await new Promise(requestAnimationFrame)
    }
  })
  await page.addScriptTag({ content: axeSource })
  const violations = await page.evaluate(async (selector) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global.
    const result = await (window as any).axe.run(selector ?? document, {
      resultTypes: ['violations'],
    })
    return result.violations.map(
      (violation: {
        id: string
        impact: string | null
        help: string
        nodes: { html: string; failureSummary?: string }[]
      }) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => `${node.html} — ${node.failureSummary ?? ''}`),
      }),
    )
  }, selector)
  return (violations as AxeViolation[]).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
}
