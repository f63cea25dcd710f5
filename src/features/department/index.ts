/**
 * The department at a glance (DEPT-19..DEPT-30): turnaround, studies per hour, critical result
 * communication and follow-up completion, charted with their tables. Its code, and the chart
 * library's, loads only on the Department view (src/app/router.tsx).
 */
export { DEPARTMENT_HEADING, DepartmentPage } from './DepartmentPage'
