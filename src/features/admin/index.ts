/**
 * The admin feature (ADM-10..ADM-22): the accounts and the audit trail. Its code loads only on
 * the Admin page (src/app/router.tsx), never with the workspace or the login screen.
 */
export { ADMIN_HEADING, AdminPage } from './AdminPage'
