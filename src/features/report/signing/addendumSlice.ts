/**
 * The unsigned text of each study's next addendum (AD-1, AD-2): typed or dictated, kept in the
 * store so it survives the editor closing and dictation can write it, never lost when signing
 * fails, gone once the addendum is signed. 'Log out' takes it with the other report drafts.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Id } from '../../../../contract'
import { reportApi } from '../../../services/api/reportApi'
import { allDraftsDiscarded } from '../editor/reportSlice'

export interface AddendumState {
  drafts: Record<Id, string>
}

const initialState: AddendumState = { drafts: {} }

function write(state: AddendumState, orderId: Id, text: string): void {
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
  if (text === '') delete state.drafts[orderId]
  else state.drafts[orderId] = text
}

export const addendumSlice = createSlice({
  name: 'addendum',
  initialState,
  reducers: {
    /** The clinician typed in the addendum box. */
    addendumEdited(state, action: PayloadAction<{ orderId: Id; text: string }>) {
      write(state, action.payload.orderId, action.payload.text)
    },
    /**
     * The dictation saga wrote the box: the text there before the recording, then what was said
     * so far (or its cleanup), once per result of the recognizer.
     */
    addendumDictated(state, action: PayloadAction<{ orderId: Id; text: string }>) {
      write(state, action.payload.orderId, action.payload.text)
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(allDraftsDiscarded, () => initialState)
      .addMatcher(reportApi.endpoints.addReportAddendum.matchFulfilled, (state, action) => {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.drafts[action.meta.arg.originalArgs.orderId]
      })
  },
  selectors: {
    selectAddendumDraft: (state, orderId: Id): string => state.drafts[orderId] ?? '',
  },
})

export const { addendumEdited, addendumDictated } = addendumSlice.actions
export const { selectAddendumDraft } = addendumSlice.selectors
