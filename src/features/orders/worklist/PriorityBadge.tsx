/**
 * WS-5: stat red, urgent yellow, routine green. The word is written out too, so the priority
 * does not depend on telling colours apart.
 */
import { Badge } from '@chakra-ui/react'
import { memo } from 'react'
import type { Priority } from '../../../../contract'
import { PRIORITY_LABEL } from '../../../shared/worklistRowText'

export const PriorityBadge = memo(function PriorityBadge({ priority }: { priority: Priority }) {
  const colour = `priority.${priority}`
  return (
    <Badge
      data-priority={priority}
      variant="outline"
      size="sm"
      flexShrink={0}
      color={colour}
      bg="transparent"
      boxShadow="none"
      borderWidth="1px"
      borderColor={colour}
      fontWeight="semibold"
      letterSpacing="wide"
    >
      {PRIORITY_LABEL[priority]}
    </Badge>
  )
})
