export { DepartmentPage } from './DepartmentPage'
