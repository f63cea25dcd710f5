/**
 * ED-1, ED-2: the report editor opens beside the chat unless the clinician closed it; that choice
 * is the browser's (local storage, through the `preferences` collaborator), so it holds after a
 * reload and in the next session. Read once as the store starts, before the workspace's first
 * screen, and written at each toggle (the header's button, Alt+R, or the address, URL-3).
 */
import type { SagaIterator } from 'redux-saga'
import { getContext, put, select, takeEvery } from 'redux-saga/effects'
import {
  layoutPreferencesRestored,
  reportEditorToggled,
  selectReportEditorOpen,
} from '../shared/layoutSlice'
import type { PreferenceStorage } from '../services/storage/preferenceStorage'

export function* watchLayoutPreferences(): SagaIterator {
  const preferences = (yield getContext('preferences')) as PreferenceStorage
  const { reportEditorOpen } = preferences.read()
  if (reportEditorOpen !== undefined) yield put(layoutPreferencesRestored({ reportEditorOpen }))
  yield takeEvery(reportEditorToggled, function* remember(): SagaIterator {
    const open = (yield select(selectReportEditorOpen)) as boolean
    preferences.write({ reportEditorOpen: open })
  })
}
