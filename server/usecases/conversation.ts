/**
 * What a clinician does to a study's conversation besides sending: rating an assistant's reply,
 * and clearing the conversation (refused while a colleague reads the study, CLM-10; a signed
 * report and every critical result communication stay, CL-3, CR-12). With more than one
 * account, clearing is an admin's (RL-6).
 */
import type { Rating, UserRole } from '../../contract'
import type { Actor } from '../repo/audit'
import * as conversation from '../repo/conversation'
import { assertMayClearAll, type AccountsContext } from './accounts'
import type { UseCaseContext } from './context'

export function rateMessage(
  { db, now }: UseCaseContext,
  orderId: string,
  messageId: string,
  rating: Rating | null,
  actor: Actor,
): Promise<void> {
  return conversation.rateMessage(db, orderId, messageId, rating, actor, now)
}

export async function clearConversation(
  { db, now, identity }: UseCaseContext & Pick<AccountsContext, 'identity'>,
  orderId: string,
  actor: Actor,
  roles: readonly UserRole[],
): Promise<void> {
  await assertMayClearAll({ db, identity }, actor.userId, roles)
  return conversation.clearConversation(db, orderId, actor, now)
}
