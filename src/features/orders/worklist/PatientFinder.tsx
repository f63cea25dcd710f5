/**
 * The patient finder (WS-12). Typing in 'Find patient' narrows the worklist below to studies
 * whose patient name holds the text, or whose accession number, modality, body part or
 * description holds each of its words (finderMatch.ts; a paging backend is asked with `q=`), and
 * lists the matching patients above it. Choosing a patient (click, or Enter in the field for the first match) opens their
 * study: the one in progress if any, else their first in worklist order. A patient with no study
 * opens nothing, and the finder says 'No studies for this patient'. Escape empties the field.
 */
import { Box, chakra, Input, Stack, Text } from '@chakra-ui/react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { Patient } from '../../../services/api/model'
import { finderQueryChanged, patientSelected, selectFinder } from '../ordersSlice'
import { selectPatientMatches } from './selectors'

function studiesLabel(count: number): string {
  if (count === 0) return 'No studies'
  return count === 1 ? '1 study' : `${String(count)} studies`
}

export function PatientFinder() {
  const dispatch = useAppDispatch()
  const { query, patientWithoutStudies } = useAppSelector(selectFinder)
  const matches = useAppSelector(selectPatientMatches)

  const choose = (patient: Patient) => {
    dispatch(patientSelected({ patientId: patient.id }))
  }

  return (
    <Stack gap="2">
      <Input
        type="search"
        aria-label="Find patient"
        placeholder="Find patient or study (name, accession, CT…)"
        size="sm"
        value={query}
        autoComplete="off"
        onChange={(event) => {
          dispatch(finderQueryChanged({ query: event.target.value }))
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && matches[0]) {
            event.preventDefault()
            choose(matches[0].patient)
          } else if (event.key === 'Escape' && query !== '') {
            event.preventDefault()
            dispatch(finderQueryChanged({ query: '' }))
          }
        }}
      />
      {matches.length > 0 && (
        <Box as="ul" role="list" aria-label="Matching patients" listStyleType="none">
          {matches.map(({ patient, studyCount }) => (
            <li key={patient.id}>
              <chakra.button
                type="button"
                onClick={() => {
                  choose(patient)
                }}
                display="flex"
                width="100%"
                justifyContent="space-between"
                gap="2"
                px="2"
                py="1"
                borderRadius="sm"
                fontSize="sm"
                textAlign="start"
                _hover={{ bg: 'bg.muted' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
              >
                <span>
                  {patient.last_name}, {patient.first_name}
                </span>
                <Text as="span" color="fg.muted">
                  {studiesLabel(studyCount)}
                </Text>
              </chakra.button>
            </li>
          ))}
        </Box>
      )}
      <Box role="status" aria-live="polite">
        {patientWithoutStudies !== null && (
          <Text fontSize="sm" color="fg.muted">
            No studies for this patient
          </Text>
        )}
      </Box>
    </Stack>
  )
}
