/**
 * RP-6: the report on the server changed (the assistant's reply, or the same report saved in
 * another tab or workstation) in sections the clinician was also editing. The panel cannot tell
 * which of the two wrote it, so it names the version by where it is: saved. Both versions of each such
 * section are shown side by side and the clinician picks one per section; the text areas wait
 * (read-only) until every section has its choice, so nothing is overwritten without being seen.
 */
import { Alert, Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import type { ReportSectionKey } from '../../../../contract'
import type { ReportSections } from '../../../services/api/model'
import type { ConflictChoice, ReportConflict } from './reconcile'
import { SECTION_LABELS } from './sectionText'

interface ConflictPanelProps {
  conflict: ReportConflict
  mine: ReportSections
  onChoose: (section: ReportSectionKey, choice: ConflictChoice) => void
}

function VersionText({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="1" minW="0">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {title}
      </Text>
      <Box
        fontFamily="mono"
        fontSize="sm"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        bg="bg.subtle"
        borderWidth="1px"
        borderColor="border"
        borderRadius="md"
        px="3"
        py="2"
        maxH="12rem"
        overflowY="auto"
      >
        {text === '' ? (
          <Text as="span" color="fg.subtle" fontStyle="italic">
            (empty)
          </Text>
        ) : (
          text
        )}
      </Box>
    </Stack>
  )
}

export function ConflictPanel({ conflict, mine, onChoose }: ConflictPanelProps) {
  return (
    <Stack gap="3">
      <Alert.Root status="warning" variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This report changed while you were editing.</Alert.Title>
          <Alert.Description>
            The assistant or another session saved a different version of these sections. Choose
            which version to keep for each one. Your text is kept until you do.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {conflict.sections.map((section) => {
        const headingId = `report-conflict-${section}`
        const chosen = conflict.choices[section]
        return (
          <Box
            key={section}
            role="group"
            aria-labelledby={headingId}
            borderWidth="1px"
            borderColor="border.emphasized"
            borderRadius="md"
            p="3"
          >
            <HStack justify="space-between" mb="2" gap="2" wrap="wrap">
              <Heading as="h3" size="sm" id={headingId}>
                {SECTION_LABELS[section]}
              </Heading>
              <HStack gap="2">
                <Button
                  size="xs"
                  variant={chosen === 'mine' ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={chosen === 'mine'}
                  onClick={() => {
                    onChoose(section, 'mine')
                  }}
                >
                  Keep mine
                </Button>
                <Button
                  size="xs"
                  variant={chosen === 'theirs' ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={chosen === 'theirs'}
                  onClick={() => {
                    onChoose(section, 'theirs')
                  }}
                >
                  Use saved
                </Button>
              </HStack>
            </HStack>
            <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="3">
              <VersionText title="Your version" text={mine[section]} />
              <VersionText title="Saved version" text={conflict.theirs.sections[section]} />
            </Grid>
          </Box>
        )
      })}
    </Stack>
  )
}
