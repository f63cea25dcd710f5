/**
 * CLM-6..CLM-9: the open study's claim as the clinician sees it. Opening a study claims
 * it (src/sagas/claims/reading.ts); who else reads it decides whether the clinician writes.
 *
 * - claiming: the claim is on its way (the editor is the clinician's meanwhile: a refusal keeps
 *   whatever they typed, in their draft);
 * - held: the clinician reads the study, and renews the claim while it stays open;
 * - asking: someone else reads it; 'NAME is reading this study. Take over?' waits for an answer;
 * - taking: the clinician chose to take over; the claim is on its way;
 * - watching: they chose to read only, while the other clinician holds the claim;
 * - lost: they held it and someone took it over; their unsaved text stays in their draft;
 * - signed: the report is signed, so nothing is claimed: nobody writes it any more, and anyone may
 *   add an addendum.
 *
 * In asking, taking, watching and lost, the editor is read-only: a save would be refused (409
 * `claimed`) and the other clinician's report is not the clinician's to change. Reading the chat
 * and the report is never blocked.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ClaimHolder } from '../../../services/api/model'
import type { Id } from '../../../../contract'
import { studyClosed, studySelected, workspaceCleared } from '../ordersSlice'

export type ReadingStatus =
  'claiming' | 'held' | 'asking' | 'taking' | 'watching' | 'lost' | 'signed'

/** Who holds a claim, as far as the screen needs to know. */
export type Holder = Pick<ClaimHolder, 'user_id' | 'name'>

export interface OpenClaim {
  orderId: Id
  status: ReadingStatus
  /** The other clinician, in asking, taking, watching and lost; null otherwise. */
  holder: Holder | null
}

export interface ClaimState {
  /** The backend has no claims (404, the spec's): nothing is claimed while the page lasts. */
  unavailable: boolean
  open: OpenClaim | null
  /**
   * The study whose claim the server holds for the clinician, as far as this tab knows (null:
   * none). Apart from `open`, which moves with the selection at once: closing or leaving a study
   * lets its claim go only when this says it is held (src/sagas/claims/watch.ts). The one place
   * the flows learn it from: no saga keeps its own copy.
   */
  held: Id | null
}

const initialState: ClaimState = { unavailable: false, open: null, held: null }

/** The clinician holds the study's claim no longer. */
function letGo(state: ClaimState, orderId: Id): void {
  if (state.held === orderId) state.held = null
}

type OrderHolder = PayloadAction<{ orderId: Id; holder: Holder }>

/** Applies a change to the open study's claim only: a late answer for another study is old news. */
function onOpen(state: ClaimState, orderId: Id, change: (open: OpenClaim) => void): void {
  if (state.open?.orderId === orderId) change(state.open)
}

export const claimSlice = createSlice({
  name: 'claims',
  initialState,
  reducers: {
    /** The server holds the claim for the clinician (claimed, renewed, or taken over). */
    studyClaimed(state, action: PayloadAction<{ orderId: Id }>) {
      state.held = action.payload.orderId
      onOpen(state, action.payload.orderId, (open) => {
        open.status = 'held'
        open.holder = null
      })
    },
    /** Someone else reads the study: the clinician is asked before taking it over. */
    studyReadByOther(state, action: OrderHolder) {
      onOpen(state, action.payload.orderId, (open) => {
        open.status = 'asking'
        open.holder = action.payload.holder
      })
    },
    takeOverChosen(state, action: PayloadAction<{ orderId: Id }>) {
      onOpen(state, action.payload.orderId, (open) => {
        if (open.holder) open.status = 'taking'
      })
    },
    takeOverDeclined(state, action: PayloadAction<{ orderId: Id }>) {
      onOpen(state, action.payload.orderId, (open) => {
        if (open.holder) open.status = 'watching'
      })
    },
    /** Another clinician took the study over while this one held it. */
    studyTakenOver(state, action: OrderHolder) {
      letGo(state, action.payload.orderId)
      onOpen(state, action.payload.orderId, (open) => {
        open.status = 'lost'
        open.holder = action.payload.holder
      })
    },
    /** The other clinician's claim moved on (to a third one): whoever holds it is named. */
    studyHolderChanged(state, action: OrderHolder) {
      onOpen(state, action.payload.orderId, (open) => {
        if (open.holder) open.holder = action.payload.holder
      })
    },
    /** A claim that could not be asked for (the network): the clinician goes on; it is asked again. */
    studyClaimUnsettled(state, action: PayloadAction<{ orderId: Id }>) {
      letGo(state, action.payload.orderId)
      onOpen(state, action.payload.orderId, (open) => {
        if (open.status === 'taking') open.status = 'watching'
      })
    },
    /**
     * The clinician holds the study's claim no longer: let go (closing or leaving the study, its
     * signature), or left to its lease (another clinician's session took the tab over).
     */
    studyClaimEnded(state, action: PayloadAction<{ orderId: Id }>) {
      letGo(state, action.payload.orderId)
    },
    studyFoundSigned(state, action: PayloadAction<{ orderId: Id }>) {
      onOpen(state, action.payload.orderId, (open) => {
        open.status = 'signed'
        open.holder = null
      })
    },
    claimsUnavailable(state) {
      state.unavailable = true
      state.open = null
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(studySelected, (state, action) => {
        if (state.unavailable) return
        if (state.open?.orderId === action.payload.orderId) return
        state.open = { orderId: action.payload.orderId, status: 'claiming', holder: null }
      })
      .addCase(studyClosed, (state) => {
        state.open = null
      })
      .addCase(workspaceCleared, (state) => {
        state.open = null
      })
  },
  selectors: {
    selectOpenClaim: (state) => state.open,
    selectClaimsUnavailable: (state) => state.unavailable,
    selectHeldClaim: (state) => state.held,
  },
})

export const {
  studyClaimed,
  studyReadByOther,
  takeOverChosen,
  takeOverDeclined,
  studyTakenOver,
  studyHolderChanged,
  studyClaimUnsettled,
  studyClaimEnded,
  studyFoundSigned,
  claimsUnavailable,
} = claimSlice.actions

export const { selectOpenClaim, selectClaimsUnavailable, selectHeldClaim } = claimSlice.selectors

const READ_ONLY: ReadonlySet<ReadingStatus> = new Set(['asking', 'taking', 'watching', 'lost'])

/**
 * Who else reads the study when that makes the clinician's editor read-only (CLM-8); null when
 * the clinician writes. The state is the claim slice's.
 */
export function readingElsewhere(
  open: OpenClaim | null,
  orderId: Id,
): { holder: Holder; status: ReadingStatus } | null {
  if (open?.orderId !== orderId || !open.holder || !READ_ONLY.has(open.status)) return null
  return { holder: open.holder, status: open.status }
}
