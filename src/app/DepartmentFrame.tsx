/** The 'Department' view in the signed-in page frame; its code loads only when it is opened. */
import { DepartmentPage } from '../features/department'
import { PageFrame } from './PageFrame'

export function DepartmentFrame() {
  return (
    <PageFrame roles={['radiologist', 'trainee', 'admin']}>
      <DepartmentPage />
    </PageFrame>
  )
}
