/** A checkbox with its label, its state held by the caller. */
import { Checkbox } from '@chakra-ui/react'
import type { Ref } from 'react'

export interface CheckboxFieldProps {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  /** The checkbox itself, for a caller that puts the focus on it. */
  inputRef?: Ref<HTMLInputElement>
}

export function CheckboxField({ label, checked, onChange, inputRef }: CheckboxFieldProps) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => {
        onChange(details.checked === true)
      }}
    >
      <Checkbox.HiddenInput ref={inputRef} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}
