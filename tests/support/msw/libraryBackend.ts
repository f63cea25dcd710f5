/**
 * Templates and macros (issue 18) of the in-memory /api/v1: a small library matched by modality
 * and body part without regard to case, and the caller's macros, refused as the real server
 * refuses them (400 on a bad body, 409 on a name the caller already has).
 */
import { HttpResponse, type HttpHandler } from 'msw'
import {
  MACRO_EXISTS_ERROR,
  macroRequestSchema,
  type Macro,
  type RouteName,
  type Template,
} from '../../../contract'
import { FIXED_TIME } from './data'

export const TEST_TEMPLATES: Template[] = [
  {
    id: 'ct-chest-contrast',
    name: 'CT Chest with contrast, normal',
    modality: 'CT',
    body_part: 'chest',
    sections: {
      technique: 'Axial CT of the chest after IV contrast.',
      comparison: '[None available / prior study of date]',
      findings: 'Lungs are clear. Largest node [size] mm. Heart [normal/enlarged].',
      impression: 'No acute cardiopulmonary abnormality.',
    },
  },
  {
    id: 'cta-chest-pe',
    name: 'CTA Chest PE protocol, negative',
    modality: 'CT',
    body_part: 'chest',
    sections: {
      technique: 'CT pulmonary angiography.',
      findings: 'No filling defect.',
      impression: 'No pulmonary embolism.',
    },
  },
  {
    id: 'mr-brain',
    name: 'MRI Brain, normal',
    modality: 'MR',
    body_part: 'head',
    sections: { findings: 'No restricted diffusion.', impression: 'Normal MRI of the brain.' },
  },
]

type Responder = (input: {
  params: Record<string, string | readonly string[] | undefined>
  body: unknown
  query: URLSearchParams
}) => Response

let nextId = 1

export function libraryHandlers(
  backend: { templates: Template[]; macros: Macro[] },
  handle: (route: RouteName, respond: Responder) => HttpHandler,
) {
  const same = (a: string, b: string | null) => b === null || a.toLowerCase() === b.toLowerCase()
  const macroOf = (id: unknown) => backend.macros.find((macro) => macro.id === id)
  const refused = (body: unknown, except?: string) => {
    const parsed = macroRequestSchema.safeParse(body)
    if (!parsed.success)
      return {
        error: HttpResponse.json(
          { error: 'bad_request', message: 'invalid macro' },
          { status: 400 },
        ),
      }
    const taken = backend.macros.some(
      (macro) => macro.id !== except && same(macro.name, parsed.data.name),
    )
    if (taken)
      return {
        error: HttpResponse.json(
          {
            error: MACRO_EXISTS_ERROR,
            message: `You already have a macro named '${parsed.data.name}'.`,
          },
          { status: 409 },
        ),
      }
    return { request: parsed.data }
  }
  return [
    handle('listTemplates', ({ query }) =>
      HttpResponse.json(
        backend.templates.filter(
          (template) =>
            same(template.modality, query.get('modality')) &&
            same(template.body_part, query.get('body_part')),
        ),
      ),
    ),
    handle('listMacros', () => HttpResponse.json(backend.macros)),
    handle('createMacro', ({ body }) => {
      const checked = refused(body)
      if (checked.error) return checked.error
      const macro = {
        id: `MAC${String(nextId++)}`,
        ...checked.request,
        created_at: FIXED_TIME,
        updated_at: FIXED_TIME,
      }
      backend.macros.push(macro)
      return HttpResponse.json(macro, { status: 201 })
    }),
    handle('updateMacro', ({ params, body }) => {
      const macro = macroOf(params.id)
      if (!macro)
        return HttpResponse.json({ error: 'not_found', message: 'no macro' }, { status: 404 })
      const checked = refused(body, macro.id)
      if (checked.error) return checked.error
      Object.assign(macro, checked.request)
      return HttpResponse.json(macro)
    }),
    handle('deleteMacro', ({ params }) => {
      const macro = macroOf(params.id)
      if (!macro)
        return HttpResponse.json({ error: 'not_found', message: 'no macro' }, { status: 404 })
      backend.macros = backend.macros.filter((other) => other !== macro)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}
