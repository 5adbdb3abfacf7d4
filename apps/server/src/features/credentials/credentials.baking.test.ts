import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { BadImageError, bakePng, bakeSvg, PNG_KEYWORD, unbakePng, unbakeSvg } from './credentials.baking'

const credential = {
  '@context': ['https://www.w3.org/ns/credentials/v2'],
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  name: 'Gold medal in #C++ <script>alert("x")</script> ]]> & ünïcödé',
  proof: { proofValue: 'z123' },
}
const other = { ...credential, name: 'Bronze medal in #Go' }

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()

describe('PNG baking', () => {
  it('bakes each credential in an iTXt chunk and unbakes the same credentials', async () => {
    const image = await png()
    const baked = bakePng(image, [credential, other])
    expect(baked.includes(Buffer.from(`iTXt${PNG_KEYWORD}\0`, 'latin1'))).toBe(true)
    expect(unbakePng(baked).map((text) => JSON.parse(text))).toEqual([credential, other])
    // Still a PNG that decodes, with the same pixels.
    const [before, after] = await Promise.all([image, baked].map((b) => sharp(b).raw().toBuffer()))
    expect(after).toEqual(before)
  })

  it('replaces credentials baked before rather than adding to them', async () => {
    const twice = bakePng(bakePng(await png(), [other]), [credential])
    expect(unbakePng(twice).map((text) => JSON.parse(text))).toEqual([credential])
  })

  it('refuses a file that is not a PNG or is cut short', async () => {
    expect(() => unbakePng(Buffer.from('hello'))).toThrow(BadImageError)
    const baked = bakePng(await png(), [credential])
    expect(() => unbakePng(baked.subarray(0, baked.length - 20))).toThrow(BadImageError)
  })
})

describe('SVG baking', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'

  it('bakes each credential in an openbadges:credential element and unbakes the same credentials', () => {
    const baked = bakeSvg(svg, [credential, other])
    expect(baked).toContain('xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0"')
    expect(baked).not.toContain('<script>')
    expect(unbakeSvg(baked).map((text) => JSON.parse(text))).toEqual([credential, other])
  })

  it('reads only elements in the Open Badges namespace, and refuses what is not an SVG', () => {
    const foreign = svg.replace('<rect', '<credential>{"not":"ours"}</credential><rect')
    expect(unbakeSvg(foreign)).toEqual([])
    expect(() => unbakeSvg('<html><body/></html>')).toThrow(BadImageError)
    expect(() => unbakeSvg('<svg><unclosed></svg>')).toThrow(BadImageError)
  })
})
