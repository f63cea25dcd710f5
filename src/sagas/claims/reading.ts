/**
 * CLM-6..CLM-9: the open study's claim, for as long as the study stays open.
 *
 * - Opening a study claims it, unless the caches already say someone else reads it: then the
 *   clinician is asked first ('NAME is reading this study. Take over?'). A claim refused because
 *   someone got there first (409 `claimed`) asks the same.
 * - A held claim is renewed every `CLAIM.renewSeconds`; the server lets it go after
 *   `CLAIM.leaseSeconds` without renewal (a closed tab, a lost network).
 * - What the live worklist, a read of the order (a refused save reads it) or a renewal says of the
 *   study's claim is looked at: someone else holding it while the clinician did means they took it over
 *   (`studyTakenOver`: the editor turns read-only, the draft keeps every word); nobody holding it
 *   while the clinician reads means it is the clinician's to claim again, unless it is not their
 *   turn (RV-2, RV-5): a report awaiting review is an attending's, so a trainee's screen does not
 *   claim it; a returned one is its trainee's, so the returning attending's screen does not.
 * - Closing the study, opening another, logging out and the idle sign-out release the claim; a
 *   session that ended (expired, refused) cannot, and its lease runs out. Another clinician's
 *   session taking the tab over claims the open study anew, for them.
 * A backend without claims (404) is asked once; nothing is claimed for the rest of the page.
 * Which study is open, and what ends its claim, is followed by ./watch.ts.
 */
import type { SagaIterator } from 'redux-saga'
import { call, delay, put, race, select, take } from 'redux-saga/effects'
import {
  claimsUnavailable,
  selectHeldClaim,
  selectViewerId,
  studyClaimed,
  studyClaimEnded,
  studyClaimUnsettled,
  studyFoundSigned,
  studyHolderChanged,
  studyReadByOther,
  studyTakenOver,
  takeOverChosen,
  takeOverDeclined,
  type Holder,
} from '../../features/orders'
import { CLAIM, type Id } from '../../../contract'
import { isApiError } from '../../services/api/baseApi'
import { claimsApi } from '../../services/api/claimsApi'
import type { ClaimHolder } from '../../services/api/model'
import { selectOrderById } from '../../services/api/orderCache'
import { changeOrder } from '../../services/api/orderChanges'
import { ordersApi, type OrdersState } from '../../services/api/ordersApi'
import { claimHolderOfRefusal } from '../../services/api/read/claims'
import { callEndpoint } from '../effects/endpoint'
import { cachedReport, isSigned, newsFor, newsOf, theirsNow } from './claimNews'

const RENEW_MS = CLAIM.renewSeconds * 1000

/** The caches' copy of the study's claim, patched like every other change (replayable). */
function* patchHolder(orderId: Id, holder: ClaimHolder | null): SagaIterator {
  yield put(changeOrder({ orderId, source: 'claim', fields: { claimed_by: holder } }))
}

type ClaimResult =
  | { kind: 'held' }
  | { kind: 'other'; holder: ClaimHolder }
  | { kind: 'unavailable' }
  | { kind: 'gone' }
  | { kind: 'unsettled' }

/** Whether the order is there to read (a failed read other than 404 counts as there). */
function* orderExists(orderId: Id): SagaIterator<boolean> {
  try {
    yield* callEndpoint(
      ordersApi.endpoints.getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }),
    )
    return true
  } catch (error) {
    return !(isApiError(error) && error.status === 404)
  }
}

/** One claim request (a first claim, a renewal, a take-over). */
function* askForClaim(orderId: Id, takeOver: boolean): SagaIterator<ClaimResult> {
  try {
    const claim = yield* callEndpoint(
      claimsApi.endpoints.claimOrder.initiate({ orderId, takeOver }, { track: false }),
    )
    yield* patchHolder(orderId, claim.claimed_by)
    return { kind: 'held' }
  } catch (error) {
    const holder = claimHolderOfRefusal(error)
    if (holder) {
      yield* patchHolder(orderId, holder)
      return { kind: 'other', holder }
    }
    if (isApiError(error) && error.status === 404) {
      // No such route (a backend without claims), or no such order: the order's read tells.
      return { kind: (yield* orderExists(orderId)) ? 'unavailable' : 'gone' }
    }
    // Logged by the API failure saga; the next renewal asks again.
    return { kind: 'unsettled' }
  }
}

function* viewer(): SagaIterator<Id | null> {
  return (yield select(selectViewerId)) as Id | null
}

const choiceFor = (orderId: Id) => (action: unknown) =>
  (takeOverChosen.match(action) || takeOverDeclined.match(action)) &&
  action.payload.orderId === orderId

/** Until the study is the clinician's turn again (or signed): news of its report is watched. */
function* whileTheirs(orderId: Id): SagaIterator<'claim' | 'signed'> {
  for (;;) {
    const said = newsOf(orderId, yield take(newsFor(orderId)))
    if (!said) continue
    if (said.signed) return 'signed'
    if (!(yield* theirsNow(said.report))) return 'claim'
  }
}

/** The holder as the screen names them. */
const named = (holder: ClaimHolder): Holder => ({ user_id: holder.user_id, name: holder.name })

/**
 * While someone else holds the claim: the clinician's answer to 'Take over?', the holder letting
 * go (then the study is the clinician's to claim), or the report being signed (then there is
 * nothing left to take over: anyone may add an addendum).
 */
function* whileReadByOther(orderId: Id): SagaIterator<'take_over' | 'claim' | 'signed' | 'theirs'> {
  for (;;) {
    const { choice, news } = (yield race({
      choice: take(choiceFor(orderId)),
      news: take(newsFor(orderId)),
    })) as { choice?: unknown; news?: unknown }
    if (choice) {
      if (takeOverChosen.match(choice)) return 'take_over'
      continue
    }
    const said = newsOf(orderId, news)
    if (!said) continue
    if (said.signed) return 'signed'
    if (said.holder === null) return (yield* theirsNow(said.report)) ? 'theirs' : 'claim'
    const me = yield* viewer()
    if (said.holder.user_id === me) return 'claim'
    yield put(studyHolderChanged({ orderId, holder: named(said.holder) }))
  }
}

/**
 * While the clinician holds the claim: renewed each `RENEW_MS`; answers who took it over, null
 * when it was let go (expired) and is to be claimed again, or 'signed' once the report is signed
 * (a signed study is not claimed, CLM-12).
 */
function* whileHeld(orderId: Id): SagaIterator<ClaimHolder | null | 'signed' | 'theirs'> {
  for (;;) {
    const { news } = (yield race({
      renew: delay(RENEW_MS),
      news: take(newsFor(orderId)),
    })) as { renew?: true; news?: unknown }
    if (news === undefined) {
      // A review step the clinician took (its answer is cached at once) ended their claim.
      if (yield* theirsNow(yield* cachedReport(orderId))) return 'theirs'
      const renewal = yield* askForClaim(orderId, false)
      if (renewal.kind === 'other') return renewal.holder
      if (renewal.kind === 'unavailable' || renewal.kind === 'gone') return null
      continue
    }
    const said = newsOf(orderId, news)
    if (!said) continue
    if (said.signed) return 'signed'
    if (said.holder === null) return (yield* theirsNow(said.report)) ? 'theirs' : null
    if (said.holder.user_id !== (yield* viewer())) return said.holder
  }
}

/** Another clinician reads the study: the clinician is asked, or told it was taken over. */
function* readByOther(
  orderId: Id,
  holder: ClaimHolder,
  takenOver: boolean,
): SagaIterator<'take_over' | 'claim' | 'signed' | 'theirs'> {
  yield put(
    takenOver
      ? studyTakenOver({ orderId, holder: named(holder) })
      : studyReadByOther({ orderId, holder: named(holder) }),
  )
  return yield* whileReadByOther(orderId)
}

/** Whether the study's report is signed now, as the server says; false when it cannot be read. */
function* signedNow(orderId: Id): SagaIterator<boolean> {
  try {
    return isSigned(
      yield* callEndpoint(
        ordersApi.endpoints.getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }),
      ),
    )
  } catch {
    return false
  }
}

/** Whether the store says the clinician holds the study's claim (the claim slice's `held`). */
export function* holds(orderId: Id): SagaIterator<boolean> {
  return ((yield select(selectHeldClaim)) as Id | null) === orderId
}

/**
 * The claim of one open study, from its opening until it closes (then cancelled; the watcher lets
 * the claim go, ./watch.ts). A signed study is not claimed: nobody writes its report any more,
 * and anyone may add an addendum. Whether the clinician holds the claim is the store's
 * (`studyClaimed`, `studyClaimEnded`...), so the watcher reads it there.
 */
export function* readStudy(orderId: Id): SagaIterator {
  // A claim of an earlier reading of this study (another clinician's session before) is not ours.
  if (yield* holds(orderId)) yield put(studyClaimEnded({ orderId }))
  const cached = (yield select((state: OrdersState) => selectOrderById(state, orderId))) as
    { claimed_by?: ClaimHolder | null; report?: unknown } | undefined
  let next: 'claim' | 'take_over' | 'signed' | 'theirs' = isSigned(cached) ? 'signed' : 'claim'
  if (next === 'claim' && (yield* theirsNow(cached?.report))) next = 'theirs'
  if (next === 'claim' && cached?.claimed_by && cached.claimed_by.user_id !== (yield* viewer())) {
    next = yield* readByOther(orderId, cached.claimed_by, false)
  }
  while (next !== 'signed') {
    if (next === 'theirs') {
      next = yield* whileTheirs(orderId)
      continue
    }
    const result = yield* askForClaim(orderId, next === 'take_over')
    next = 'claim'
    if (result.kind === 'gone') return
    if (result.kind === 'unavailable') {
      if (!(yield* holds(orderId))) yield put(claimsUnavailable())
      return
    }
    if (result.kind === 'unsettled') {
      // The slice holds the claim no longer (the next renewal asks again).
      yield put(studyClaimUnsettled({ orderId }))
      yield delay(RENEW_MS)
      continue
    }
    if (result.kind === 'other') {
      // Taken over: `studyTakenOver` (readByOther's first effect) ends the clinician's hold.
      const takenOver = yield* holds(orderId)
      next =
        !takenOver && (yield* signedNow(orderId))
          ? 'signed'
          : yield* readByOther(orderId, result.holder, takenOver)
      continue
    }
    yield put(studyClaimed({ orderId }))
    const takenBy = yield* whileHeld(orderId)
    if (takenBy === 'signed') {
      // Our server ends the claim with the signature; another backend may not, so let it go.
      yield call(releaseClaim, orderId, false)
      next = 'signed'
      continue
    }
    if (takenBy === null) continue
    if (takenBy === 'theirs') {
      // Our server ended the claim with the review step; the store lets it go too.
      yield put(studyClaimEnded({ orderId }))
      next = 'theirs'
      continue
    }
    next = yield* readByOther(orderId, takenBy, true)
  }
  yield put(studyFoundSigned({ orderId }))
}

/**
 * Lets the claim go (`leaving`: as the page goes away, so the request outlives it); a failure is
 * logged by the API failure saga and the lease runs out.
 */
export function* releaseClaim(orderId: Id, leaving: boolean): SagaIterator {
  // The page going away holds on to it to the end: the tab may yet come back (bfcache).
  if (!leaving) yield put(studyClaimEnded({ orderId }))
  try {
    yield* callEndpoint(
      claimsApi.endpoints.releaseClaim.initiate({ orderId, leaving }, { track: false }),
    )
    yield* patchHolder(orderId, null)
  } catch {
    // The server lets it go after CLAIM.leaseSeconds.
  }
}
