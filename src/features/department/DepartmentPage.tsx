/** SCAFFOLD: the 'Department' view; its owner replaces this bare page. */
import { Heading } from '@chakra-ui/react'

export function DepartmentPage() {
  return (
    <Heading as="h1" size="lg" px="6" py="4">
      Department
    </Heading>
  )
}
