/**
 * URL-1..URL-3: where the clinician was is in the address. The open study is `?study=ID` and an
 * open report editor `&report=open`, so a reload, back and forward, and a link shared with a
 * colleague open the same study (and the editor as it was).
 *
 * Two-way, each side following the other only when it changed: a new address (typed, a link,
 * back or forward) opens its study through the selection flow (`studySelected`, as a click in
 * the sidebar) or closes it; a study opened in the app pushes a history entry, so back returns to
 * the study before. The editor's state replaces the entry instead: it is not a place to go back to.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { selectSelectedOrderId, studyClosed, studySelected } from '../features/orders'
import { useAppDispatch, useAppSelector } from './hooks'
import { reportEditorToggled, selectReportEditorOpen } from './layoutSlice'

export const STUDY_PARAM = 'study'
export const REPORT_PARAM = 'report'
const REPORT_OPEN = 'open'

interface Place {
  study: string | null
  report: boolean
}

function placeOf(search: string): Place {
  const params = new URLSearchParams(search)
  const study = params.get(STUDY_PARAM)?.trim()
  return { study: study ? study : null, report: params.get(REPORT_PARAM) === REPORT_OPEN }
}

function searchOf(current: string, place: Place): string {
  const params = new URLSearchParams(current)
  if (place.study === null) params.delete(STUDY_PARAM)
  else params.set(STUDY_PARAM, place.study)
  if (place.report) params.set(REPORT_PARAM, REPORT_OPEN)
  else params.delete(REPORT_PARAM)
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

export function useStudyAddress(): void {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const location = useLocation()
  const selected = useAppSelector(selectSelectedOrderId)
  const reportOpen = useAppSelector(selectReportEditorOpen)
  const address = placeOf(location.search)
  /** What each side was when last looked at; undefined before the first look. */
  const seen = useRef<{ address?: Place; app?: Place }>({})

  useEffect(() => {
    const app: Place = { study: selected, report: reportOpen }
    const before = seen.current
    const addressMoved =
      before.address?.study !== address.study || before.address.report !== address.report
    const appMoved = before.app?.study !== app.study || before.app.report !== app.report
    seen.current = { address, app }
    // On the first look the address leads only for what it names (a reload, a shared link).
    const first = before.address === undefined
    const leads = addressMoved && (!first || address.study !== null || address.report)
    if (leads) {
      // The address leads: a reload, a link, back or forward.
      if (address.study !== app.study && (!first || address.study !== null)) {
        dispatch(address.study === null ? studyClosed() : studySelected({ orderId: address.study }))
      }
      if (address.report !== app.report && (!first || address.report)) {
        dispatch(reportEditorToggled())
      }
      return
    }
    if (appMoved && (app.study !== address.study || app.report !== address.report)) {
      const search = searchOf(location.search, app)
      void navigate(
        { pathname: location.pathname, search },
        // A new study is a step back can return from; the editor's state is not.
        { replace: app.study === address.study },
      )
    }
  }, [address, selected, reportOpen, dispatch, navigate, location.pathname, location.search])
}
