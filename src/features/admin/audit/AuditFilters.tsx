/**
 * The audit trail's filters (ADM-16): 'User' (the accounts, or 'Anyone'), 'Study' (an order id or
 * an accession number), 'Kind' (every kind the trail records, or 'Any kind'), 'From' and 'To'
 * (days). The selects and days apply at once; the study applies once typing pauses, or on Enter.
 */
import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react'
import { useEffect, useState, type ReactNode } from 'react'
import { AUDIT_KINDS, type AuditKind } from '../../../../contract'
import type { AdminUser } from '../../../services/api/adminApi'
import { DayField } from '../../../components/ui'

/** What the admin chose, as the inputs hold it ('' for none). */
export interface AuditFilterValues {
  user: string
  study: string
  kind: AuditKind | ''
  from: string
  to: string
}

export const NO_FILTERS: AuditFilterValues = { user: '', study: '', kind: '', from: '', to: '' }

/** How long typing in 'Study' pauses before the trail is read again. */
export const STUDY_TYPING_PAUSE_MS = 400

const isKind = (value: string): value is AuditKind =>
  (AUDIT_KINDS as readonly string[]).includes(value)

function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <Field.Root width="auto" minWidth="12rem">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value}
          onChange={(event) => {
            onChange(event.target.value)
          }}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

export function AuditFilters({
  users,
  values,
  onChange,
}: {
  users: readonly AdminUser[]
  values: AuditFilterValues
  onChange: (values: AuditFilterValues) => void
}) {
  const [study, setStudy] = useState(values.study)
  const set = (changed: Partial<AuditFilterValues>) => {
    onChange({ ...values, ...changed })
  }
  useEffect(() => {
    if (study.trim() === values.study) return
    const timer = setTimeout(() => {
      onChange({ ...values, study: study.trim() })
    }, STUDY_TYPING_PAUSE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [study, values, onChange])

  return (
    <HStack role="search" aria-label="Audit trail filters" gap="3" align="end" wrap="wrap">
      <SelectField
        label="User"
        value={values.user}
        onChange={(user) => {
          set({ user })
        }}
      >
        <option value="">Anyone</option>
        {users.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name}
          </option>
        ))}
      </SelectField>
      <Field.Root width="auto" minWidth="12rem">
        <Field.Label>Study</Field.Label>
        <Input
          size="sm"
          value={study}
          placeholder="Order id or accession number"
          onChange={(event) => {
            setStudy(event.target.value)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') set({ study: study.trim() })
          }}
        />
      </Field.Root>
      <SelectField
        label="Kind"
        value={values.kind}
        onChange={(kind) => {
          set({ kind: isKind(kind) ? kind : '' })
        }}
      >
        <option value="">Any kind</option>
        {AUDIT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind}
          </option>
        ))}
      </SelectField>
      <DayField
        label="From"
        value={values.from}
        onChange={(from) => {
          set({ from })
        }}
      />
      <DayField
        label="To"
        value={values.to}
        onChange={(to) => {
          set({ to })
        }}
      />
    </HStack>
  )
}
