/** CH-7: the structured patient summary: Patient, Exam, Indication and the Relevant History list. */
import { Box, Heading, List, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { PatientSummary } from '../../../contract'

function Field({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Heading
        as="h3"
        fontSize="2xs"
        fontWeight="semibold"
        letterSpacing="wide"
        color="fg.muted"
        mb="0.5"
      >
        {title}
      </Heading>
      {children}
    </Box>
  )
}

export function PatientSummaryCard({ summary }: { summary: PatientSummary }) {
  return (
    <Stack
      gap="3"
      borderWidth="1px"
      borderColor="border.emphasized"
      borderLeftWidth="3px"
      borderLeftColor="brand.solid"
      rounded="md"
      bg="bg.subtle"
      px="4"
      py="3"
    >
      <Field title="Patient">
        <Text>{summary.patient_summary}</Text>
      </Field>
      <Field title="Exam">
        <Text>{summary.exam}</Text>
      </Field>
      <Field title="Indication">
        <Text>{summary.indication}</Text>
      </Field>
      <Field title="Relevant History">
        {summary.data.length === 0 ? (
          <Text color="fg.muted">None recorded</Text>
        ) : (
          <List.Root ps="4" gap="0.5">
            {summary.data.map((item, index) => (
              // History items may repeat; their position is their identity.
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List.Root>
        )}
      </Field>
    </Stack>
  )
}
