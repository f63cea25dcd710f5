/** Markup several features share. It imports no feature, app, saga or service module. */
export { LineIcon, MicIcon, type LineIconProps } from './LineIcon'
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog'
export { PanelDialog, type PanelDialogProps } from './PanelDialog'
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField'
export { DayField, type DayFieldProps } from './DayField'
export { DataTable, type DataTableProps } from './DataTable'
