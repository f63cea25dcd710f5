/**
 * The pre-sign check's answer in the Finalize dialog (QA-16, QA-19, QA-21): while it runs, that it
 * runs; when it could not run, that signing is still possible; else each issue, blocking ones
 * first, with its message and the words of the report it is about.
 */
import { Badge, Box, List, Text } from '@chakra-ui/react'
import type { RefObject } from 'react'
import type { PreSignCheck } from './signingSlice'

export const CHECK_UNAVAILABLE =
  'The pre-sign checks could not run. Review the report yourself; you can still finalize.'

export function PreSignIssues({
  check,
  checkingRef,
}: {
  check: PreSignCheck | undefined
  /** SG-3: the focus waits here while the check runs, where Enter signs nothing. */
  checkingRef?: RefObject<HTMLParagraphElement | null>
}) {
  if (!check || check.status === 'checking') {
    return (
      <Text ref={checkingRef} tabIndex={-1} fontSize="sm" color="fg.muted" role="status">
        Checking the report…
      </Text>
    )
  }
  if (check.status === 'unavailable') {
    return (
      <Text fontSize="sm" color="fg.warning" role="status">
        {CHECK_UNAVAILABLE}
      </Text>
    )
  }
  if (check.issues.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" role="status">
        The pre-sign checks found no issue.
      </Text>
    )
  }
  return (
    <List.Root aria-label="Pre-sign check issues" gap="2" listStyle="none" ms="0">
      {check.issues.map((issue, index) => (
        <List.Item key={`${issue.code}-${issue.section}-${String(index)}`}>
          <Box>
            <Badge colorPalette={issue.severity === 'block' ? 'red' : 'yellow'} size="sm" me="2">
              {issue.severity === 'block' ? 'Must fix' : 'Warning'}
            </Badge>
            <Text as="span" fontSize="sm" fontWeight="medium">
              {issue.message}
            </Text>
          </Box>
          {issue.excerpt !== '' && (
            <Text fontSize="sm" color="fg.muted" fontStyle="italic">
              “{issue.excerpt}”
            </Text>
          )}
        </List.Item>
      ))}
    </List.Root>
  )
}
