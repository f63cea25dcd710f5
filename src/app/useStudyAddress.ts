/**
 * URL-1..URL-3: where the clinician was is in the address. The open study is `?study=ID`, so a
 * reload, back and forward, and a link shared with a colleague open the same study.
 *
 * Two-way, each side following the other only when it changed: a new address (typed, a link,
 * back or forward) opens its study through the selection flow (`studySelected`, as a click in
 * the sidebar) or closes it; a study opened in the app pushes a history entry, so back returns to
 * the study before.
 *
 * Whether the report editor shows is the clinician's preference, kept by the browser (ED-2), not
 * a place: the address no longer carries it. An address of an older build that says
 * `report=open` still opens the editor, and is tidied to the study alone.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { selectSelectedOrderId, studyClosed, studySelected } from '../features/orders'
import { useAppDispatch, useAppSelector } from './hooks'
import { reportEditorToggled, selectReportEditorOpen } from '../shared/layoutSlice'

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

function searchOf(current: string, study: string | null): string {
  const params = new URLSearchParams(current)
  if (study === null) params.delete(STUDY_PARAM)
  else params.set(STUDY_PARAM, study)
  params.delete(REPORT_PARAM)
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
  const seen = useRef<{ address?: string | null; app?: string | null }>({})

  useEffect(() => {
    const before = seen.current
    const addressMoved = before.address !== address.study
    const appMoved = before.app !== selected
    seen.current = { address: address.study, app: selected }
    // On the first look the address leads only for what it names (a reload, a shared link).
    const first = before.address === undefined
    // An address of an older build may still ask for the editor (URL-3).
    if (first && address.report && !reportOpen) dispatch(reportEditorToggled())
    if (addressMoved && (!first || address.study !== null)) {
      // The address leads: a reload, a link, back or forward.
      if (address.study !== selected) {
        dispatch(address.study === null ? studyClosed() : studySelected({ orderId: address.study }))
      }
      return
    }
    if ((appMoved && selected !== address.study) || address.report) {
      void navigate(
        { pathname: location.pathname, search: searchOf(location.search, selected) },
        // A new study is a step back can return from; tidying the address is not.
        { replace: selected === address.study },
      )
    }
  }, [address, selected, reportOpen, dispatch, navigate, location.pathname, location.search])
}
