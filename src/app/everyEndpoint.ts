/**
 * Every endpoint of the API cache, also those only the workspace's later screens call (the report
 * editor's library, priors, checks, impression draft and communications, claims, speech) and the
 * other views (the admin's, follow-ups, peer review, the department's numbers). A recorded action
 * log replayed in a fresh page (no workspace code loaded yet) meets their actions, and RTK
 * Query's reducer must know each endpoint it reduces: builds that record the log load this module
 * before a replay (actionLog.ts). The product's build defines each endpoint with the code that
 * calls it, so none of them weighs on the first screen.
 */
import '../services/api/libraryApi'
import '../services/api/priorsApi'
import '../services/api/qaApi'
import '../services/api/impressionApi'
import '../services/api/communicationsApi'
import '../services/api/claimsApi'
import '../services/api/reportApi'
import '../services/api/speechApi'
import '../services/api/conversationApi'
import '../services/api/adminApi'
import '../services/api/followUpsApi'
import '../services/api/peerReviewApi'
import '../services/api/statsApi'
