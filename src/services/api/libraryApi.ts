/**
 * The reporting library (TPL-4, MAC-5, MAC-6): the normal templates for a study (best match first)
 * and the clinician's own macros. Macro writes invalidate the list, so the menus follow at once.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { Id, MacroRequest } from '../../../contract'
import type { Macro, Template } from './model'

/** What the study says of itself; every part optional (none: the whole library). */
export interface TemplateQuery {
  modality?: string
  bodyPart?: string
  description?: string
}

export const libraryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTemplates: build.query<Template[], TemplateQuery>({
      query: ({ modality, bodyPart, description }) =>
        apiRequest('listTemplates', {
          query: {
            ...(modality ? { modality } : {}),
            ...(bodyPart ? { body_part: bodyPart } : {}),
            ...(description ? { description } : {}),
          },
        }),
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listMacros: build.query<Macro[], void>({
      query: () => apiRequest('listMacros', {}),
      providesTags: [{ type: 'Macro', id: 'LIST' }],
    }),
    createMacro: build.mutation<Macro, MacroRequest>({
      query: (body) => apiRequest('createMacro', { body }),
      invalidatesTags: [{ type: 'Macro', id: 'LIST' }],
    }),
    updateMacro: build.mutation<Macro, { id: Id } & MacroRequest>({
      query: ({ id, ...body }) => apiRequest('updateMacro', { params: { id }, body }),
      invalidatesTags: [{ type: 'Macro', id: 'LIST' }],
    }),
    deleteMacro: build.mutation<null, Id>({
      query: (id) => apiRequest('deleteMacro', { params: { id } }),
      invalidatesTags: [{ type: 'Macro', id: 'LIST' }],
    }),
  }),
})

export const {
  useListTemplatesQuery,
  useListMacrosQuery,
  useCreateMacroMutation,
  useDeleteMacroMutation,
} = libraryApi
