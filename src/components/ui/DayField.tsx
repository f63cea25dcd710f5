/** A calendar day's input with its label (YYYY-MM-DD), its value held by the caller. */
import { Field, Input } from '@chakra-ui/react'

export interface DayFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
}

export function DayField({ label, value, onChange }: DayFieldProps) {
  return (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        type="date"
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
        }}
      />
    </Field.Root>
  )
}
