/**
 * The Admin page (ADM-10, RT-4's one exception) in the signed-in page frame: admins only, anyone
 * else is sent to '/'. Its code (with the admin feature's) loads only when /admin is opened.
 */
import { AdminPage } from '../features/admin'
import { PageFrame } from './PageFrame'

export function AdminFrame() {
  return (
    <PageFrame roles={['admin']}>
      <AdminPage />
    </PageFrame>
  )
}
