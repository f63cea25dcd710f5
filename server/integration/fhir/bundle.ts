/**
 * A search's answer as a FHIR searchset Bundle (INT-80): the page's resources as `match` entries
 * with their full URLs, the total, and the links a client follows: self, first, previous and next,
 * each the same search with its `_count` and `_offset` (INT-82).
 */
import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes'
import type { PageRequest } from '../../domain/fhirSearch'

export function searchBundle(args: {
  base: string
  type: string
  used: [string, string][]
  page: PageRequest
  total: number
  resources: (Resource & { id?: string })[]
}): Bundle {
  const { base, type, used, page, total, resources } = args
  const link = (relation: string, offset: number): BundleLink => {
    const query = new URLSearchParams(used)
    query.set('_count', String(page.count))
    query.set('_offset', String(offset))
    return { relation, url: `${base}/${type}?${query.toString()}` }
  }
  const links = [link('self', page.offset), link('first', 0)]
  if (page.offset > 0) links.push(link('previous', Math.max(0, page.offset - page.count)))
  if (page.count > 0 && page.offset + page.count < total)
    links.push(link('next', page.offset + page.count))
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: links,
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id ?? ''}`,
      resource,
      search: { mode: 'match' },
    })),
  }
}
