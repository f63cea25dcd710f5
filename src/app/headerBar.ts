/** The top bar of a signed-in screen (the workspace's and the Admin page's): one look for both. */
export const HEADER_BAR = {
  as: 'header',
  align: 'center',
  gap: '3',
  px: '4',
  py: '2',
  minHeight: '14',
  borderBottomWidth: '1px',
  borderColor: 'border',
  bg: 'bg.subtle',
} as const
