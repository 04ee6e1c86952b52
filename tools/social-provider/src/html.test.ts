import { describe, expect, it } from 'vitest'
import { escapeHtml, renderAvatar, renderFormPost, renderLoginPage } from './html.ts'
import { parseForm } from './scriptedBrowser.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})

describe('pages', () => {
  it('escape every value they render', () => {
    const evil = '"><script>alert(1)</script>'
    const login = renderLoginPage({
      providerName: evil,
      accent: '#000',
      clientName: evil,
      grants: [evil],
      action: evil,
      name: evil,
      email: evil,
      error: evil,
    })
    expect(login).not.toContain('<script>')
    const post = renderFormPost({
      providerName: 'Apple',
      accent: '#000',
      action: 'https://app.test/cb?a=1&b=2',
      fields: { user: '{"name":{"firstName":"<Ada>"}}', [evil]: evil },
    })
    expect(post.match(/<script>/g)).toHaveLength(1)
    expect(parseForm(post)).toEqual({
      action: 'https://app.test/cb?a=1&b=2',
      fields: { user: '{"name":{"firstName":"<Ada>"}}', [evil]: evil },
    })
    expect(renderAvatar(evil, 'seed')).not.toContain('<script>')
  })
})
