import { describe, expect, it } from 'vitest'
import { chipAction, formFromUrl, isTagList, searchFromUrl, urlForForm } from './discover-params'

const url = (search: string) => new URLSearchParams(search)

describe('formFromUrl', () => {
  it('prefills text, type and sort from q, tag and sort', () => {
    expect(formFromUrl(url('q=jane&sort=active'))).toEqual({ text: 'jane', type: 'all', sort: 'active' })
    expect(formFromUrl(url('q=jane&type=user'))).toEqual({ text: 'jane', type: 'user', sort: 'reputation' })
    expect(formFromUrl(url('tag=ReactJS&sort=recent'))).toEqual({
      text: 'ReactJS',
      type: 'hashtag',
      sort: 'recent',
    })
  })

  it('lets tag win over q and ignores unknown values', () => {
    expect(formFromUrl(url('q=jane&tag=CSS'))).toMatchObject({ text: 'CSS', type: 'hashtag' })
    expect(formFromUrl(url('q=x&type=people&sort=newest'))).toEqual({
      text: 'x',
      type: 'all',
      sort: 'reputation',
    })
    expect(formFromUrl(url(''))).toEqual({ text: '', type: 'all', sort: 'reputation' })
  })
})

describe('searchFromUrl', () => {
  it('is null without a query and trims the query otherwise', () => {
    expect(searchFromUrl(url(''))).toBeNull()
    expect(searchFromUrl(url('q=%20%20'))).toBeNull()
    expect(searchFromUrl(url('q=%20jane%20'))).toEqual({ q: 'jane', sort: 'reputation' })
    expect(searchFromUrl(url('tag=CSS,HTML&sort=active'))).toEqual({
      q: 'CSS,HTML',
      type: 'hashtag',
      sort: 'active',
    })
  })
})

describe('urlForForm', () => {
  it('writes q for names and all, tag for hashtags', () => {
    expect(urlForForm({ text: ' jane ', type: 'all', sort: 'reputation' })).toBe(
      '/discover?q=jane&sort=reputation',
    )
    expect(urlForForm({ text: 'jane', type: 'user', sort: 'recent' })).toBe(
      '/discover?q=jane&type=user&sort=recent',
    )
    expect(urlForForm({ text: 'CSS, HTML', type: 'hashtag', sort: 'active' })).toBe(
      '/discover?tag=CSS%2C+HTML&sort=active',
    )
  })

  it('round-trips through formFromUrl', () => {
    for (const form of [
      { text: 'jane doe', type: 'user', sort: 'active' },
      { text: 'React,Node', type: 'hashtag', sort: 'recent' },
      { text: 'x', type: 'all', sort: 'reputation' },
    ] as const) {
      expect(formFromUrl(new URL(urlForForm(form), 'http://x').searchParams)).toEqual(form)
    }
  })
})

describe('chipAction (the comma-append rule)', () => {
  it('searches the tag when no hashtag list is being typed', () => {
    expect(chipAction({ text: '', type: 'all' }, 'CSS')).toEqual({ kind: 'search', tag: 'CSS' })
    expect(chipAction({ text: 'React', type: 'hashtag' }, 'CSS')).toEqual({ kind: 'search', tag: 'CSS' })
    // A comma outside hashtag mode is not a list of tags.
    expect(chipAction({ text: 'Doe, Jane', type: 'user' }, 'CSS')).toEqual({ kind: 'search', tag: 'CSS' })
  })

  it('appends the tag to a hashtag list once', () => {
    expect(chipAction({ text: 'React, Node', type: 'hashtag' }, 'CSS')).toEqual({
      kind: 'append',
      text: 'React, Node, CSS',
    })
    expect(chipAction({ text: 'React,', type: 'hashtag' }, 'CSS')).toEqual({
      kind: 'append',
      text: 'React, CSS',
    })
    expect(chipAction({ text: 'React, css', type: 'hashtag' }, 'CSS')).toEqual({
      kind: 'append',
      text: 'React, css',
    })
    expect(chipAction({ text: '#React, ', type: 'hashtag' }, 'React')).toEqual({
      kind: 'append',
      text: '#React, ',
    })
  })

  it('knows a tag list when it sees one', () => {
    expect(isTagList('hashtag', 'a,b')).toBe(true)
    expect(isTagList('hashtag', 'a')).toBe(false)
    expect(isTagList('all', 'a,b')).toBe(false)
  })
})
