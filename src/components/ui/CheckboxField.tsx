/** A checkbox with its label, its state held by the caller. */
import { Checkbox } from '@chakra-ui/react'

export interface CheckboxFieldProps {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}

export function CheckboxField({ label, checked, onChange }: CheckboxFieldProps) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => {
        onChange(details.checked === true)
      }}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}
