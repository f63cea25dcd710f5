/**
 * Cloud mode's sign-up-or-in: Descope's hosted flow, dark. It is loaded with React.lazy (see
 * LoginPage) so the flow's web component stays out of the initial bundle.
 */
import { Descope } from '@descope/react-sdk'
import type { SignUpOrInProps } from './LocalSignUpOrIn'

export default function CloudSignUpOrIn({ onSuccess, onError }: SignUpOrInProps) {
  return (
    <Descope
      flowId="sign-up-or-in"
      theme="dark"
      onSuccess={() => {
        onSuccess()
      }}
      onError={(event: CustomEvent<unknown>) => {
        onError(event.detail)
      }}
    />
  )
}
