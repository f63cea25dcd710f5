/**
 * WS-8: the open study's patient in the workspace header: full name, age in whole years from
 * the date of birth ('Age unknown' for a patient not yet identified, who has none: INT-61), and sex, with the study itself for context, its images ('Open images', INT-40)
 * and who else reads it (WL-10). `now` is the clinician's
 * clock; the app passes nothing and the header reads the time when it renders.
 */
import { Box, Flex, Heading, Skeleton, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useAppSelector } from '../../../app/hooks'
import type { RootState } from '../../../app/hooks'
import type { Id } from '../../../../contract'
import type { KnownSex } from '../../../services/api/model'
import {
  useGetOrderQuery,
  useListOrderPageQuery,
  useListPatientsQuery,
} from '../../../services/api/ordersApi'
import { pageArg, WORKLIST } from '../../../services/api/orderPages'
import { ageInYears } from './age'
import { ImagesLink } from './ImagesLink'
import { ClaimNote } from './RowMarks'
import { selectIsListed, selectWorklistOrder } from './selectors'

const WORKLIST_FIRST_PAGE = pageArg(WORKLIST)

const SEX_LABEL: Readonly<Record<KnownSex, string>> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unknown: 'Sex unknown',
}

/** A known code as the header names it; a backend's own words as they came. */
function sexLabel(sex: string): string {
  return sex in SEX_LABEL ? SEX_LABEL[sex as KnownSex] : sex
}

export interface PatientHeaderProps {
  orderId: Id | null
  now?: Date
}

export function PatientHeader({ orderId, now }: PatientHeaderProps) {
  // The worklist's lists: the sidebar has them already; the header must not depend on it.
  const orders = useListOrderPageQuery(WORKLIST_FIRST_PAGE, { skip: orderId === null })
  const patients = useListPatientsQuery(undefined, { skip: orderId === null })
  const order = useAppSelector((state: RootState) =>
    orderId === null ? undefined : selectWorklistOrder(state, orderId),
  )
  // A study no loaded list holds (opened from a search since cleared, or from a page not loaded
  // any more) is read on its own, from a backend that pages; a whole list holds every study.
  const listsLoaded = orders.isSuccess && patients.isSuccess
  const listed = useAppSelector(
    (state: RootState) => orderId !== null && selectIsListed(state, orderId),
  )
  const readAlone = listsLoaded && orders.data.paged && !listed
  const alone = useGetOrderQuery(orderId ?? '', { skip: orderId === null || !readAlone })
  // Without a clock from the app, the time of mounting; the app mounts one header per study.
  const [mountedAt] = useState(() => new Date())
  if (orderId === null) return null
  if (!order) {
    // Loaded lists (and its own read) without the study: it left the worklist, no one to show.
    const loaded = listsLoaded && (!readAlone || !alone.isFetching)
    return loaded ? null : <Skeleton height="5" width="64" aria-hidden="true" />
  }

  const { patient } = order
  const age =
    patient.date_of_birth === null ? null : ageInYears(patient.date_of_birth, now ?? mountedAt)
  const study = `${order.modality} ${order.body_part} · ${order.study_description} · ${order.accession_number}`
  return (
    <Flex align="baseline" gap="3" minWidth="0" role="group" aria-label="Patient">
      <Heading as="h1" size="md" flexShrink={0} whiteSpace="nowrap">
        {patient.first_name} {patient.last_name}
      </Heading>
      <Text color="fg.muted" flexShrink={0} whiteSpace="nowrap">
        {age === null ? 'Age unknown' : age === 1 ? '1 year' : `${String(age)} years`}
      </Text>
      {patient.sex !== '' && (
        <Text color="fg.muted" flexShrink={0} whiteSpace="nowrap">
          {sexLabel(patient.sex)}
        </Text>
      )}
      <Text color="fg.subtle" fontSize="sm" truncate minWidth="0" title={study}>
        {study}
      </Text>
      {/* INT-40: from the cached order, so a link the live worklist brings shows at once. */}
      <ImagesLink href={order.viewer_url} />
      {/* WL-10: from the cached order, so a claim the live worklist patches in shows at once. */}
      <Box fontSize="sm" flexShrink={0} maxWidth="40%" display="flex" minWidth="0">
        <ClaimNote holder={order.claimed_by} />
      </Box>
    </Flex>
  )
}
